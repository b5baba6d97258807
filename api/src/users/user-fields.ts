import { isCatalogueLanguage, unknownLanguageMessage } from '../common/catalogue-language';
import { trimText } from '../common/trim';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { isEmail, ValidateBy } from 'class-validator';

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const ADDRESS_MAX_LENGTH = 500;

/** Emails are stored and compared lower-cased (the database refuses anything else). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Names the first problem with a value, or null when it is fine. */
type Rule = (value: unknown) => string | null;

/** One rule per field, so each field reports one clear problem instead of a pile of them. */
function Checked(name: string, rule: Rule): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => rule(value) === null,
      defaultMessage: (args) => rule(args?.value) ?? `${name} is invalid`,
    },
  });
}

const isMissing = (value: unknown) => value === undefined || value === null || value === '';

function textRule(label: string, options: { required: boolean; min?: number; max: number }): Rule {
  return (value) => {
    if (isMissing(value)) return options.required ? `${label} is required` : null;
    if (typeof value !== 'string') return `${label} must be text`;
    if (options.min !== undefined && value.length < options.min) return `${label} must be at least ${options.min} characters`;
    if (value.length > options.max) return `${label} must be at most ${options.max} characters`;
    return null;
  };
}

const trimmed = Transform(trimText);

export const NameField = () => applyDecorators(trimmed, Checked('name', textRule('Name', { required: true, max: NAME_MAX_LENGTH })));

export const EmailField = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? normalizeEmail(value) : value)),
    Checked('email', (value) => {
      const problem = textRule('Email', { required: true, max: EMAIL_MAX_LENGTH })(value);
      if (problem) return problem;
      return isEmail(value) ? null : 'Please enter a valid email address';
    }),
  );

/** A password being chosen: long enough to resist guessing, short enough to hash quickly. */
export const NewPasswordField = ({ required = true } = {}) =>
  Checked('password', textRule('Password', { required, min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }));

/** The password typed at sign-in: only present and of a plausible size; the hash decides the rest. */
export const SignInPasswordField = ({ required = true } = {}) => Checked('password', textRule('Password', { required, max: PASSWORD_MAX_LENGTH }));

export const AddressField = () => applyDecorators(trimmed, Checked('address', textRule('Address', { required: false, max: ADDRESS_MAX_LENGTH })));

/** The account's language (en, ta); left out, it stays as it is (at registration: English). */
export const LanguageField = () =>
  applyDecorators(
    Transform(({ value }) => (isMissing(value) ? undefined : value)),
    Checked('language', (value) => (value === undefined || isCatalogueLanguage(value) ? null : unknownLanguageMessage('language'))),
  );
