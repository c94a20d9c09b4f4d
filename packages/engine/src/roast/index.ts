export * from './pid-controller.ts';
export * from './profile-follower.ts';
