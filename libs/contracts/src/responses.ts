/** Answers every part of the API shares: a plain message, an error, health. */

export interface MessageResponse {
  message: string;
}

export interface ApiError {
  message: string;
  errors?: string[];
  success?: false;
}

export interface HealthResponse {
  status: 'ok';
}
