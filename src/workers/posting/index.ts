export * from './hosting-posts.ts';
export * from './signup-posts.ts';
