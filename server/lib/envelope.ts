export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  message: string;
}

export interface FailureEnvelope {
  success: false;
  message: string;
  errors?: { path: string; message: string }[];
  data?: unknown;
}

export const ok = <T>(data: T, message: string): SuccessEnvelope<T> => ({
  success: true,
  data,
  message,
});

export const failure = (
  message: string,
  errors?: { path: string; message: string }[],
): FailureEnvelope =>
  errors && errors.length > 0 ? { success: false, message, errors } : { success: false, message };
