import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Breadcrumb } from '../../../web/src/ui/Breadcrumb';
import { Button } from '../../../web/src/ui/Button';
import { Spinner } from '../../../web/src/ui/Spinner';
import { TextField } from '../../../web/src/ui/fields/TextField';
import { ToastProvider, toastDuration, useToast, type ToastOptions } from '../../../web/src/ui/Toast';

function ToastTrigger({ message, options }: { message: string; options?: ToastOptions }) {
  const toast = useToast();
  return <button onClick={() => toast.show(message, options)}>Notify</button>;
}

function renderToast(options?: ToastOptions) {
  render(
    <ToastProvider>
      <ToastTrigger message="Saved" {...(options ? { options } : {})} />
    </ToastProvider>,
  );
  act(() => screen.getByRole('button', { name: 'Notify' }).click());
}

describe('Toast', () => {
  it('keeps durations between 3 and 5 seconds', () => {
    expect(toastDuration()).toBe(4_000);
    expect(toastDuration(1_000)).toBe(3_000);
    expect(toastDuration(60_000)).toBe(5_000);
  });

  it('leaves by itself after its duration (4 s by default)', () => {
    vi.useFakeTimers();
    renderToast();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3_999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('never stays shorter than 3 s', () => {
    vi.useFakeTimers();
    renderToast({ durationMs: 500 });
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('never stays longer than 5 s', () => {
    vi.useFakeTimers();
    renderToast({ durationMs: 20_000 });
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('waits while the pointer is on it, then gets its full time again', async () => {
    vi.useFakeTimers();
    renderToast();
    const toast = screen.getByText('Saved').closest('li')!;
    act(() => vi.advanceTimersByTime(3_000));
    act(() => toast.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => toast.dispatchEvent(new MouseEvent('mouseout', { bubbles: true })));
    act(() => vi.advanceTimersByTime(3_999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('sits in a live region, announces errors as alerts and can be dismissed', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ToastTrigger message="Failed to save draft" options={{ tone: 'error' }} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('alert')).toHaveTextContent('Failed to save draft');
    expect(region.querySelector('[aria-live="polite"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Failed to save draft')).not.toBeInTheDocument();
  });
});

describe('Breadcrumb', () => {
  it("separates its items with '/' and marks the current page", () => {
    render(
      <MemoryRouter>
        <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Books', to: '/books' }, { label: 'Anthem' }]} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toHaveTextContent('Home/Books/Anthem');
    expect(nav.querySelectorAll('.breadcrumb__separator')).toHaveLength(2);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByText('Anthem')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Anthem' })).toBeNull();
  });

  it.each(['sm', 'md', 'lg'] as const)('comes in size %s', (size) => {
    render(
      <MemoryRouter>
        <Breadcrumb size={size} items={[{ label: 'Home', to: '/' }, { label: 'Here' }]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('navigation')).toHaveClass(`breadcrumb--${size}`);
  });
});

describe('Button and Spinner', () => {
  it.each(['sm', 'md', 'lg'] as const)('come in size %s', (size) => {
    render(
      <>
        <Button size={size}>Save</Button>
        <Spinner size={size} label="Loading books" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass(`button--${size}`);
    expect(screen.getByRole('status')).toHaveClass(`spinner--${size}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading books');
  });

  it('blocks clicks while loading and says it is busy', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Pay Now
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay Now' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('TextField', () => {
  it('labels its input and ties its hint and error to it', () => {
    render(<TextField label="Email" hint="We send a sign-in link" error="Invalid email format" required size="lg" />);
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input).toBeRequired();
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('We send a sign-in link Invalid email format');
    expect(input.closest('.field')).toHaveClass('field--lg');
  });
});
