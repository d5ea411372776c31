// The labels of the format tier: they name placeholders the way Gitleaks rule ids do.
export const LABEL = {
  value: 'secret-value',
  uri: 'uri-password',
  query: 'url-secret-param',
  conn: 'connection-string-password',
  k8s: 'kubernetes-secret',
  npmrc: 'npmrc-auth',
  netrc: 'netrc-password',
  pgpass: 'pgpass-password',
  authorization: 'http-authorization',
  cookie: 'http-cookie',
  pem: 'private-key-block',
} as const;
