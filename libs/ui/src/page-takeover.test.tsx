import type { ReactNode } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { EARLY_TAP_MARK, EARLY_TAPS_GLOBAL, EARLY_TAPS_SCRIPT, TAKEN_OVER_ATTRIBUTE } from '@thalir/contracts';
import { Button } from './components/button';
import { PageTakeover } from './page-takeover';

/** What the controls' handlers did, in the order they did it. */
let done: string[];

function Page({ takeover = true }: { takeover?: boolean }) {
  return (
    <main>
      <Button onClick={() => done.push('add to cart')}>Add to Cart</Button>
      <button type="button" onClick={() => done.push('dot 2')} {...EARLY_TAP_MARK}>
        Show slide 2
      </button>
      <button type="button" onClick={() => done.push('unmarked')}>
        Unmarked
      </button>
      <select aria-label="Type" defaultValue="" onChange={(event) => done.push(`type ${event.target.value}`)} {...EARLY_TAP_MARK}>
        <option value="">All</option>
        <option value="flower">Flowers</option>
        <option value="green_leaf">Green leaves</option>
      </select>
      <form
        aria-label="Contact"
        onSubmit={(event) => {
          event.preventDefault();
          done.push(`sent ${String(new FormData(event.currentTarget).get('message'))}`);
        }}
        {...EARLY_TAP_MARK}
      >
        <textarea aria-label="Message" name="message" />
        <Button type="submit">Send message</Button>
      </form>
      {takeover && <PageTakeover />}
    </main>
  );
}

const windowGlobals = window as unknown as Record<string, unknown>;
let container: HTMLElement;
let root: Root | null;

/** The page as the API sends it: the capture first, then the server's markup (no React yet). */
function serverPage(page: ReactNode): void {
  new Function(EARLY_TAPS_SCRIPT)();
  container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
}

/** React takes the markup over; PageTakeover replays once the commit is done (a microtask later). */
async function hydrate(page: ReactNode): Promise<void> {
  await act(async () => {
    root = hydrateRoot(container, page);
  });
  await act(async () => {
    await Promise.resolve();
  });
}

const byText = (text: string) => [...container.querySelectorAll('button')].find((button) => button.textContent === text)!;
const typeSelect = () => container.querySelector('select')!;

function pick(value: string): void {
  typeSelect().value = value;
  typeSelect().dispatchEvent(new Event('change', { bubbles: true }));
}

beforeEach(() => {
  done = [];
  root = null;
});

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
  delete windowGlobals[EARLY_TAPS_GLOBAL];
  document.documentElement.removeAttribute(TAKEN_OVER_ATTRIBUTE);
});

describe('taps before the app takes the page over', () => {
  it('replays every tap on a marked control once, in order, with each pick’s own value, once the page is live', async () => {
    serverPage(<Page />);
    byText('Show slide 2').click();
    byText('Add to Cart').click();
    pick('flower');
    container.querySelector('textarea')!.value = 'Roses for Friday';
    byText('Send message').click();
    pick('green_leaf');
    expect(done).toEqual([]);

    await hydrate(<Page />);
    expect(done).toEqual(['dot 2', 'add to cart', 'type flower', 'sent Roses for Friday', 'type green_leaf']);
    expect(typeSelect().value).toBe('green_leaf');
    expect(document.documentElement.hasAttribute(TAKEN_OVER_ATTRIBUTE)).toBe(true);
  });

  it('holds back what a kept tap would have done by itself: a form is not posted by the browser', async () => {
    serverPage(<Page />);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await hydrate(<Page />);
    expect(done).toEqual(['sent ']);
  });

  it('leaves unmarked controls alone: they get their events as they happen', async () => {
    serverPage(<Page />);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    byText('Unmarked').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    await hydrate(<Page />);
    // Nobody listened before the app arrived: React's own rule for a tap that came too early.
    expect(done).toEqual([]);
  });

  it('keeps the presses that start a tap or a key from the page until it is live, and no longer', async () => {
    serverPage(<Page />);
    const seen: string[] = [];
    for (const type of ['pointerdown', 'mousedown', 'touchstart', 'keydown']) container.addEventListener(type, () => seen.push(type));
    const press = (type: string) => {
      const event = new Event(type, { bubbles: true, cancelable: true });
      byText('Unmarked').dispatchEvent(event);
      return event;
    };
    // The default action (focus, scrolling, typing) is the browser's and still happens.
    expect(['pointerdown', 'mousedown', 'touchstart', 'keydown'].map(press).some((event) => event.defaultPrevented)).toBe(false);
    expect(seen).toEqual([]);
    // A marked select's input (its change is kept for the replay), unlike a field's in a marked form.
    container.addEventListener('input', (event) => seen.push(`input ${(event.target as Element).tagName}`));
    typeSelect().dispatchEvent(new Event('input', { bubbles: true }));
    container.querySelector('textarea')!.dispatchEvent(new Event('input', { bubbles: true }));
    expect(seen).toEqual(['input TEXTAREA']);
    // The click on a marked form's submit button: the form's submit is kept for the replay.
    container.addEventListener('click', (event) => seen.push(`click ${(event.target as Element).textContent}`));
    press('click');
    byText('Send message').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(seen).toEqual(['input TEXTAREA', 'click Unmarked']);
    seen.length = 0;

    await hydrate(<Page />);
    press('pointerdown');
    press('keydown');
    expect(seen).toEqual(['pointerdown', 'keydown']);
  });

  it('never replays a tap made once the page is live, and replays nothing twice', async () => {
    serverPage(<Page />);
    byText('Add to Cart').click();
    await hydrate(<Page />);
    expect(done).toEqual(['add to cart']);

    byText('Add to Cart').click();
    byText('Show slide 2').click();
    pick('flower');
    expect(done).toEqual(['add to cart', 'add to cart', 'dot 2', 'type flower']);
    expect((windowGlobals[EARLY_TAPS_GLOBAL] as () => unknown[])()).toEqual([]);
  });

  it('marks the page as taken over where there was no capture (a page drawn in the browser)', async () => {
    container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      const { createRoot } = await import('react-dom/client');
      root = createRoot(container);
      root.render(<Page />);
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(document.documentElement.hasAttribute(TAKEN_OVER_ATTRIBUTE)).toBe(true);
    byText('Add to Cart').click();
    expect(done).toEqual(['add to cart']);
  });
});

describe('Button', () => {
  it('is drawn by the server usable, not disabled, with the early-tap mark; once hydrated it drops the mark', async () => {
    serverPage(<Page takeover={false} />);
    const addToCart = byText('Add to Cart');
    expect(addToCart.disabled).toBe(false);
    expect(addToCart.getAttribute('data-replay')).toBe('');
    // A submit button leaves its form's submit to the form's own mark.
    expect(byText('Send message').hasAttribute('data-replay')).toBe(false);
    await hydrate(<Page takeover={false} />);
    expect(addToCart.hasAttribute('data-replay')).toBe(false);
    expect(addToCart.disabled).toBe(false);
  });

  it('keeps a disabled button disabled', async () => {
    const page = <Button disabled>Added to Wishlist</Button>;
    serverPage(page);
    expect(byText('Added to Wishlist').disabled).toBe(true);
    await hydrate(page);
    expect(byText('Added to Wishlist').disabled).toBe(true);
  });

  it('enables a button that a page drawn by an earlier release sent disabled until hydration', async () => {
    new Function(EARLY_TAPS_SCRIPT)();
    container = document.createElement('div');
    container.innerHTML = '<button type="button" class="btn btn--primary btn--md" disabled="">Add to Cart</button>';
    document.body.append(container);
    // React (in development) reports the attributes it will not patch while hydrating; the button patches this one itself.
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await hydrate(<Button onClick={() => done.push('add to cart')}>Add to Cart</Button>);
    expect(reported.mock.calls.some(([message]) => String(message).includes('attributes of the server rendered HTML'))).toBe(true);
    reported.mockRestore();
    expect(byText('Add to Cart').disabled).toBe(false);
  });
});
