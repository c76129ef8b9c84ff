/** Time and identity come in from outside so the domain stays pure and testable. */
export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  next(): string;
}
