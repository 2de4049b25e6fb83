export * from './odds';
export * from './sports';
export * from './money';
export * from './dates';
export * from './series';
