/** POST /support's answer: what the person reads, and the request's id. */
export interface SupportAnswer {
  message: string;
  id: string;
}
