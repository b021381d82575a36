// One plain request to the API with its envelope unwrapped, for what the benchmark does outside
// autocannon's load runs: signing in, reading the dataset's ids, the request whose SQL it captures.

export async function api<T>(
  base: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  // A download (the CSV register) is not an envelope; its text is what was sent.
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text as T;
  return (JSON.parse(text) as { data: T }).data;
}

export async function signIn(base: string, email: string, password: string): Promise<unknown> {
  return api(base, null, 'POST', '/api/auth/login', { email, password });
}
