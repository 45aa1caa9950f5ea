/** The `commonmark-spec` package (CommonJS, no types of its own): the spec text and its examples. */
declare module "commonmark-spec" {
  interface Example {
    /** The example's markdown; the spec writes a tab as "→". */
    readonly markdown: string
    readonly html: string
    readonly section: string
    readonly number: number
  }
  const spec: { readonly text: string; readonly tests: ReadonlyArray<Example> }
  export = spec
}
