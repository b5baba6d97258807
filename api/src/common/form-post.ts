import { applyDecorators, Catch, UseFilters, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { escapeHtml } from '../web/pages/page-head';
import { standalonePageHtml } from '../web/pages/standalone-page';
import { AllExceptionsFilter, type ErrorBody } from './all-exceptions.filter';

/** A field of a form a page posts, as the page that shows the form again names it. */
export interface FormPostField {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'number' | 'month';
  multiline?: boolean;
  /** Checkboxes: a list even when one is ticked. Kept as they were, not shown again. */
  multiple?: boolean;
}

/** What a route that a page's form posts to says to a browser without JavaScript. */
export interface FormPostPages {
  /** The page the form is on, linked from both answers. */
  backTo: { href: string; label: string };
  sent: { title: string; message: string };
  /** The title of the page that shows the form again, with the reason and what was typed. */
  notSentTitle: string;
  submitLabel: string;
  fields: FormPostField[];
}

/**
 * A browser's own form post (JavaScript off, or the app not there): urlencoded, asking for a page.
 * The app posts JSON and asks for JSON, and keeps getting the API's answers.
 */
export function isFormPost(request: FastifyRequest | undefined): boolean {
  const type = String(request?.headers['content-type'] ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded') && String(request?.headers.accept ?? '').includes('text/html');
}

const HTML = 'text/html; charset=utf-8';

function fieldValues(body: unknown, name: string): string[] {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
}

/** The form again, holding what was sent, so nothing typed is lost: fix it and send it again. */
function formHtml(form: FormPostPages, action: string, body: unknown): string {
  const fields = form.fields.map((field) => {
    const values = fieldValues(body, field.name);
    if (field.multiple) return values.map((value) => `<input type="hidden" name="${escapeHtml(field.name)}" value="${escapeHtml(value)}">`).join('');
    const id = `field-${escapeHtml(field.name)}`;
    const value = escapeHtml(values[0] ?? '');
    const control = field.multiline
      ? `<textarea id="${id}" name="${escapeHtml(field.name)}" rows="6">${value}</textarea>`
      : `<input id="${id}" name="${escapeHtml(field.name)}" type="${field.type ?? 'text'}" value="${value}">`;
    return `<label for="${id}">${escapeHtml(field.label)}</label>${control}`;
  });
  return `<form method="post" action="${escapeHtml(action)}">${fields.join('')}<p><button type="submit">${escapeHtml(form.submitLabel)}</button></p></form>`;
}

const backLink = (form: FormPostPages) => `<p><a href="${escapeHtml(form.backTo.href)}">${escapeHtml(form.backTo.label)}</a></p>`;

/** A sent form's answer: a page that says so. Checkboxes ticked once arrive as one value; they become a list first. */
class FormPostInterceptor implements NestInterceptor {
  constructor(private readonly form: FormPostPages) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!isFormPost(request)) return next.handle();
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object') {
      for (const field of this.form.fields) if (field.multiple && typeof body[field.name] === 'string') body[field.name] = [body[field.name]];
    }
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const { title, message } = this.form.sent;
    return next.handle().pipe(
      map(() => {
        void reply.header('cache-control', 'no-store').type(HTML);
        return standalonePageHtml(title, `<p role="status">${escapeHtml(message)}</p>${backLink(this.form)}`);
      }),
    );
  }
}

/** A refused form post: the reason, and the form again with what was sent (the API's JSON for everyone else). */
@Catch()
class FormPostErrorFilter extends AllExceptionsFilter {
  constructor(private readonly form: FormPostPages) {
    super();
  }

  protected override answer(request: FastifyRequest | undefined, reply: FastifyReply, status: number, body: ErrorBody): void {
    if (!request || !isFormPost(request)) return super.answer(request, reply, status, body);
    const page = `<p class="error" role="alert">${escapeHtml(body.message)}</p>${formHtml(this.form, request.url, request.body)}${backLink(this.form)}`;
    void reply.status(status).header('cache-control', 'no-store').type(HTML).send(standalonePageHtml(this.form.notSentTitle, page));
  }
}

/**
 * Lets a page's form post work without JavaScript: the same route, validation and limits, with a
 * page for an answer (sent, or the reason with the form again) when the browser posted it itself.
 */
export const FormPost = (form: FormPostPages) => applyDecorators(UseInterceptors(new FormPostInterceptor(form)), UseFilters(new FormPostErrorFilter(form)));
