/**
 * The TypeScript type of the values a JSON Schema literal describes, for `defineTool`'s `execute`
 * (declare the schema inline, or `as const`, so its keywords are literal types). Reads `const`, `enum`,
 * `anyOf` / `oneOf`, `type` (one name or a list; `integer` and `number` are `number`), `properties` with
 * `required`, `items`, and `nullable: true`. A property is required when it is listed in `required`, and
 * also when its schema allows `null` and has no `default` (`defineTool` lists it in `required`: every call
 * passes it, null when the model left it out). Anything else (`$ref`, `allOf`, unknown types) is
 * `unknown`. Nesting past 12 levels is `unknown`, so a deep schema cannot make the compiler give up.
 */
export type InferJSONSchema<S> = Infer<S, []>;

/**
 * The input type `execute` receives for parameters schema `S`: `InferJSONSchema<S>`, or
 * `Record<string, unknown>` when `S` is not a literal schema (built at run time).
 */
export type InferParameters<S> =
  unknown extends InferJSONSchema<S> ? Record<string, unknown> : InferJSONSchema<S>;

type Depth = readonly unknown[];

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type Infer<S, D extends Depth> = D['length'] extends 12
  ? unknown
  : S extends true
    ? unknown
    : S extends false
      ? never
      : S extends { readonly const: infer C }
        ? WithNull<S, C>
        : S extends { readonly enum: readonly (infer E)[] }
          ? WithNull<S, E>
          : S extends { readonly anyOf: readonly unknown[] }
            ? WithNull<S, InferEach<S['anyOf'], [...D, 0]>>
            : S extends { readonly oneOf: readonly unknown[] }
              ? WithNull<S, InferEach<S['oneOf'], [...D, 0]>>
              : S extends { readonly type: infer T }
                ? WithNull<S, InferTypes<T, S, D>>
                : S extends { readonly properties: object }
                  ? WithNull<S, InferObject<S, D>>
                  : S extends { readonly items: unknown }
                    ? WithNull<S, InferArray<S, D>>
                    : unknown;

type WithNull<S, T> = S extends { readonly nullable: true } ? T | null : T;

type InferEach<L, D extends Depth> = L extends readonly [infer Head, ...infer Rest]
  ? Infer<Head, D> | InferEach<Rest, D>
  : L extends readonly (infer Item)[]
    ? number extends L['length']
      ? Infer<Item, D>
      : never
    : never;

type InferTypes<T, S, D extends Depth> = T extends readonly unknown[]
  ? InferType<T[number], S, D>
  : InferType<T, S, D>;

type InferType<T, S, D extends Depth> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'object'
          ? InferObject<S, D>
          : T extends 'array'
            ? InferArray<S, D>
            : unknown;

type InferArray<S, D extends Depth> = S extends { readonly items: infer I }
  ? I extends readonly unknown[]
    ? unknown[]
    : Infer<I, [...D, 0]>[]
  : unknown[];

type PropertiesOf<S> = S extends { readonly properties: infer P extends object } ? P : never;

type RequiredOf<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;

/** Listed in `required`, or allowing null explicitly without a default (see `InferJSONSchema`). */
type IsRequired<S, K extends keyof PropertiesOf<S>, D extends Depth> =
  K extends RequiredOf<S>
    ? true
    : PropertiesOf<S>[K] extends { readonly default: unknown }
      ? false
      : unknown extends Infer<PropertiesOf<S>[K], D>
        ? false
        : null extends Infer<PropertiesOf<S>[K], D>
          ? true
          : false;

type InferObject<S, D extends Depth> = [PropertiesOf<S>] extends [never]
  ? Record<string, unknown>
  : Simplify<
      {
        -readonly [K in keyof PropertiesOf<S> as IsRequired<S, K, [...D, 0]> extends true ? K : never]: Infer<
          PropertiesOf<S>[K],
          [...D, 0]
        >;
      } & {
        -readonly [K in keyof PropertiesOf<S> as IsRequired<S, K, [...D, 0]> extends true
          ? never
          : K]?: Infer<PropertiesOf<S>[K], [...D, 0]>;
      }
    >;
