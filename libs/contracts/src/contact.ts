/** What visitors send: contact messages and newsletter sign-ups. */

export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export interface ContactRequest {
  name: string;
  email: string;
  message: string;
}

export interface NewsletterSubscriber {
  _id: string;
  email: string;
  createdAt: string;
}
