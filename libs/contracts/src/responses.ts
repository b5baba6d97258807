/** Answers every part of the API shares: a plain message, an error, health. */

export interface MessageResponse {
  message: string;
}

export interface ApiError {
  message: string;
  errors?: string[];
  success?: false;
  /** The request field the refusal is about, when one is (e.g. `code`: an offer code that cannot be used). */
  field?: string;
}

export interface HealthResponse {
  status: 'ok';
}
