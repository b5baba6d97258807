export * from './api-client';
export * from './razorpay';
