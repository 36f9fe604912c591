/** Server-rendered pages of the local identity provider: no JavaScript needed, one small inline stylesheet. */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
background:#faf5ef;color:#2b2118;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:420px;background:#fff;border:1px solid #ecdfd1;border-radius:16px;padding:32px 28px;
box-shadow:0 10px 30px rgba(120,72,32,.08)}
.brand{display:inline-flex;align-items:center;gap:8px;color:#c2410c;font-weight:700;font-size:1.35rem;
text-decoration:none;letter-spacing:.01em}
.brand svg{width:24px;height:24px}
h1{font-size:1.45rem;margin:16px 0 4px}
.lead{margin:0 0 20px;color:#6b5b4d}
label{display:block;font-weight:600;margin:16px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:11px 12px;font:inherit;color:inherit;
border:1px solid #d6c6b6;border-radius:10px;background:#fffdfb}
input:focus,button:focus,a:focus{outline:3px solid #f59e0b;outline-offset:2px}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:flex;gap:12px}.row>div{flex:1}
@media (max-width:420px){.row{display:block}main{padding:24px 18px}}
.hint{margin:6px 0 0;color:#6b5b4d;font-size:.9rem}
.field-error{margin:6px 0 0;color:#b91c1c;font-size:.9rem;font-weight:600}
.form-error{margin:0 0 8px;padding:10px 12px;border-radius:10px;background:#fef2f2;border:1px solid #fecaca;
color:#991b1b;font-weight:600}
button{display:block;width:100%;margin-top:24px;padding:12px;font:inherit;font-weight:700;color:#fff;
background:#c2410c;border:0;border-radius:10px;cursor:pointer}
button:hover{background:#9a3412}
button.secondary{margin-top:12px;color:#7c2d12;background:#fff7ed;border:1px solid #fed7aa}
.alt{margin:20px 0 0;text-align:center;color:#6b5b4d}
a{color:#c2410c;font-weight:600}
`;

const FLAME = `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor"
d="M12 2c1 3.5-1.8 5.3-3.2 7.4C7.3 11.6 6 13.3 6 15.6 6 19.1 8.7 22 12 22s6-2.9 6-6.4c0-2.6-1.4-4.6-2.8-6.1
.1 1.9-.6 3.2-1.8 3.7.5-3.6-.6-8.6-1.4-11.2z"/></svg>`;

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** The page frame: brand, heading, optional lead line, then the body. */
export function layout(title: string, body: string, options: { lead?: string; head?: string } = {}): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Hearth</title>
<style>${STYLE}</style>${options.head ?? ''}
</head>
<body>
<main>
<span class="brand">${FLAME}Hearth</span>
<h1>${escapeHtml(title)}</h1>
${options.lead ? `<p class="lead">${escapeHtml(options.lead)}</p>` : ''}
${body}
</main>
</body>
</html>`;
}

interface FieldOptions {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  error?: string;
  hint?: string;
  autofocus?: boolean;
  describedBy?: string;
}

function field(o: FieldOptions): string {
  const describedBy = [o.describedBy, o.hint && `${o.name}-hint`, o.error && `${o.name}-error`].filter(
    Boolean,
  );
  return `<label for="${o.name}">${escapeHtml(o.label)}</label>
<input id="${o.name}" name="${o.name}" type="${o.type}" autocomplete="${o.autocomplete}" required${
    o.type === 'password' ? '' : ` value="${escapeHtml(o.value)}"`
  }${o.autofocus ? ' autofocus' : ''}${o.error ? ' aria-invalid="true"' : ''}${
    describedBy.length ? ` aria-describedby="${describedBy.join(' ')}"` : ''
  }>
${o.hint ? `<p class="hint" id="${o.name}-hint">${escapeHtml(o.hint)}</p>` : ''}${
    o.error ? `<p class="field-error" id="${o.name}-error">${escapeHtml(o.error)}</p>` : ''
  }`;
}

export interface LoginView {
  action: string;
  registerUrl: string;
  csrf: string;
  email?: string;
  error?: string;
}

export function loginPage(v: LoginView): string {
  return layout(
    'Sign in',
    `${v.error ? `<p class="form-error" id="form-error" role="alert">${escapeHtml(v.error)}</p>` : ''}
<form method="post" action="${escapeHtml(v.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(v.csrf)}">
${field({
  name: 'email',
  label: 'Email',
  type: 'email',
  autocomplete: 'username',
  value: v.email,
  autofocus: !v.email,
  describedBy: v.error && 'form-error',
})}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: !!v.email })}
<button type="submit">Sign in</button>
</form>
<p class="alt">New to Hearth? <a href="${escapeHtml(v.registerUrl)}">Create an account</a></p>`,
    { lead: 'Welcome back. Sign in to order from home chefs near you.' },
  );
}

export type RegistrationField = 'givenName' | 'familyName' | 'email' | 'password' | 'passwordConfirm';

export interface RegistrationView {
  action: string;
  loginUrl: string;
  csrf: string;
  values?: Partial<Record<'givenName' | 'familyName' | 'email', string>>;
  errors?: Partial<Record<RegistrationField, string>>;
}

export function registrationPage(v: RegistrationView): string {
  const values = v.values ?? {};
  const errors = v.errors ?? {};
  const count = Object.keys(errors).length;
  const order: RegistrationField[] = ['givenName', 'familyName', 'email', 'password', 'passwordConfirm'];
  const focus = order.find((f) => errors[f]) ?? 'givenName';
  const input = (name: RegistrationField, label: string, type: FieldOptions['type'], autocomplete: string) =>
    field({
      name,
      label,
      type,
      autocomplete,
      value: name === 'password' || name === 'passwordConfirm' ? undefined : values[name],
      error: errors[name],
      autofocus: focus === name,
      hint: name === 'password' ? 'At least 8 characters.' : undefined,
    });
  const summary = count
    ? `<p class="form-error" role="alert">Please correct the ${count === 1 ? 'field' : 'fields'} marked below.</p>`
    : '';
  return layout(
    'Create your account',
    `${summary}
<form method="post" action="${escapeHtml(v.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(v.csrf)}">
<div class="row"><div>
${input('givenName', 'First name', 'text', 'given-name')}
</div><div>
${input('familyName', 'Last name', 'text', 'family-name')}
</div></div>
${input('email', 'Email', 'email', 'email')}
${input('password', 'Password', 'password', 'new-password')}
${input('passwordConfirm', 'Repeat password', 'password', 'new-password')}
<button type="submit">Create account</button>
</form>
<p class="alt">Already have an account? <a href="${escapeHtml(v.loginUrl)}">Sign in</a></p>`,
    { lead: 'Join Hearth to order home-cooked food from chefs near you.' },
  );
}

/**
 * The RP-initiated logout page around oidc-provider's hidden form. With `automatic` (a valid id_token_hint,
 * as Keycloak skips its confirmation then) a script submits at once; without JavaScript the button does.
 */
export function logoutPage(form: string, automatic: boolean): string {
  if (automatic) {
    const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
    return layout(
      'Signing you out',
      `${withLogout}
<button type="submit" form="op.logoutForm">Sign out</button>
<script>document.getElementById('op.logoutForm').submit()</script>`,
      { lead: 'One moment while we sign you out of Hearth.' },
    );
  }
  return layout(
    'Sign out of Hearth?',
    `${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
    { lead: 'You will be signed out on this device.' },
  );
}

/** A short page with a message and a way back to the app. */
export function messagePage(title: string, message: string, homeUrl: string): string {
  return layout(title, `<p class="alt"><a href="${escapeHtml(homeUrl)}">Back to Hearth</a></p>`, {
    lead: message,
  });
}
