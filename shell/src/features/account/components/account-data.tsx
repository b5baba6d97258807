import { useId, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '@thalir/api-client';
import { ACCOUNT_DATA_FILE_NAME, INVOICE_NAME_AND_ADDRESS_FROM_RUPEES } from '@thalir/contracts';
import { Button, formatMoney, Notice, saveBlob } from '@thalir/ui';
import { deleteAccount, fetchMyData } from '../api/profile-api';

/** The customer's own data: a copy of all of it to take away, or the account erased (after the password, once more). */
export function AccountData({ onDeleted }: { onDeleted: (message: string) => void }) {
  const id = useId();
  const { t } = useLingui();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const download = async () => {
    setDownloadError(null);
    setDownloading(true);
    try {
      saveBlob(await fetchMyData(), ACCOUNT_DATA_FILE_NAME);
    } catch (error) {
      setDownloadError(errorMessage(error, t`Could not download your data. Please try again.`));
    } finally {
      setDownloading(false);
    }
  };

  const erase = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setRefusal(t`Enter your password to delete your account`);
      return;
    }
    setRefusal(null);
    setDeleting(true);
    try {
      const { message } = await deleteAccount(password);
      // The page goes with the account: nothing here is set after this.
      onDeleted(message);
    } catch (error) {
      setRefusal(errorMessage(error, t`Could not delete your account. Please try again.`));
      setDeleting(false);
    }
  };

  const threshold = formatMoney(INVOICE_NAME_AND_ADDRESS_FROM_RUPEES);

  const keepAccount = () => {
    setConfirming(false);
    setPassword('');
    setRefusal(null);
  };

  return (
    <section className="card profile__data" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Your data</Trans>
      </h2>
      <p className="profile__intro">
        <Trans>
          Download a copy of everything we hold about you: your profile, orders, wishlist, newsletter subscription, the messages you sent us and the emails we
          sent you.
        </Trans>
      </p>
      {downloadError && <Notice tone="error">{downloadError}</Notice>}
      <Button variant="secondary" onClick={download} disabled={downloading}>
        {downloading ? t`Preparing your file…` : t`Download my data`}
      </Button>

      <h3 className="profile__danger-title">
        <Trans>Delete my account</Trans>
      </h3>
      <p className="profile__intro">
        <Trans>
          We erase your name, email address and password, your delivery addresses and phone numbers, gift messages, wishlist, newsletter subscription and the
          messages you sent us, and sign you out everywhere. GST law has us keep your orders&rsquo; invoices for 72 months after the year&rsquo;s annual return:
          invoice number and date, items, amounts, taxes and the state they went to; on invoices of {threshold} or more (before tax), your name and the delivery
          address too. An order that is still on its way has to be delivered or cancelled first. This cannot be undone.
        </Trans>
      </p>
      {confirming ? (
        <form className="profile__delete" onSubmit={erase} noValidate aria-label={t`Delete my account`}>
          <div className="field">
            <label htmlFor={`${id}-password`}>
              <Trans>Your password</Trans>
            </label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          {refusal && <Notice tone="error">{refusal}</Notice>}
          <div className="profile__actions">
            <Button type="submit" variant="danger" disabled={deleting}>
              {deleting ? t`Deleting…` : t`Delete my account for good`}
            </Button>
            <Button variant="ghost" onClick={keepAccount} disabled={deleting}>
              <Trans>Keep my account</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          <Trans>Delete my account</Trans>
        </Button>
      )}
    </section>
  );
}
