// The package declares its subpath entries only through `exports` (which this project's
// `moduleResolution: node` does not read); t2cn has the same API as the full build.
declare module 'opencc-js/t2cn' {
  export * from 'opencc-js';
}
