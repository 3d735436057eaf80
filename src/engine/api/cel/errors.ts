// The error a CEL expression fails with, at compile time (syntax) or when it is evaluated.
export class CelError extends Error {}
