import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DateField } from '../../../web/src/ui/fields/DateField';
import { EmailField } from '../../../web/src/ui/fields/EmailField';
import { NumberField } from '../../../web/src/ui/fields/NumberField';
import { PasswordField } from '../../../web/src/ui/fields/PasswordField';
import { PhoneField } from '../../../web/src/ui/fields/PhoneField';
import { UrlField } from '../../../web/src/ui/fields/UrlField';
import { Controlled, reported } from './fields-harness';

const value = () => reported(screen.getByTestId);

function expectLinkedError(input: HTMLElement, message: string) {
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(screen.getByText(message)).toBeInTheDocument();
}

describe('EmailField', () => {
  const renderEmail = (error?: string) =>
    render(<Controlled initial="">{(v, set) => <EmailField label="Email" value={v} onChange={set} error={error} />}</Controlled>);

  it('is labelled, and says nothing while the member is still typing', async () => {
    renderEmail();
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    await userEvent.type(input, 'ada');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(value()).toBe('ada');
  });

  it('shows the spec message once the member leaves a malformed address, linked to the input', async () => {
    renderEmail();
    const input = screen.getByLabelText('Email');
    await userEvent.type(input, 'ada@example');
    await userEvent.tab();
    expectLinkedError(input, 'Please enter a valid email address.');
    await userEvent.type(input, '.org');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows a message from outside instead of its own', () => {
    renderEmail('Invalid email format');
    expectLinkedError(screen.getByLabelText('Email'), 'Invalid email format');
  });
});

describe('UrlField', () => {
  it('adds https:// on blur when no protocol is typed', async () => {
    render(<Controlled initial="">{(v, set) => <UrlField label="Website" value={v} onChange={set} />}</Controlled>);
    const input = screen.getByLabelText('Website');
    await userEvent.type(input, 'example.org');
    await userEvent.tab();
    expect(input).toHaveValue('https://example.org');
    expect(value()).toBe('https://example.org');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('refuses another protocol with "Please enter a valid URL"', async () => {
    render(<Controlled initial="">{(v, set) => <UrlField label="Website" value={v} onChange={set} />}</Controlled>);
    const input = screen.getByLabelText('Website');
    await userEvent.type(input, 'ftp://example.org');
    await userEvent.tab();
    expect(input).toHaveValue('ftp://example.org');
    expectLinkedError(input, 'Please enter a valid URL');
  });
});

describe('PhoneField', () => {
  it('accepts a US number by default and writes it internationally on blur', async () => {
    render(<Controlled initial="">{(v, set) => <PhoneField label="Phone" value={v} onChange={set} />}</Controlled>);
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAttribute('type', 'tel');
    await userEvent.type(input, '(201) 555-0123');
    await userEvent.tab();
    expect(value()).toBe('+1 201 555 0123');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('says "Invalid phone number format" for a number that is not valid', async () => {
    render(<Controlled initial="">{(v, set) => <PhoneField label="Phone" value={v} onChange={set} />}</Controlled>);
    const input = screen.getByLabelText('Phone');
    await userEvent.type(input, '12345');
    await userEvent.tab();
    expectLinkedError(input, 'Invalid phone number format');
  });

  it('can accept only US and Canadian numbers', async () => {
    render(<Controlled initial="">{(v, set) => <PhoneField label="Phone" value={v} onChange={set} usCanadaOnly />}</Controlled>);
    const input = screen.getByLabelText('Phone');
    await userEvent.type(input, '+44 20 7946 0958');
    await userEvent.tab();
    expectLinkedError(input, 'Only US and Canadian phone numbers are accepted at this time');
  });

  it('reads numbers without + in the country it is given', async () => {
    render(<Controlled initial="">{(v, set) => <PhoneField label="Phone" value={v} onChange={set} defaultCountry="GB" />}</Controlled>);
    await userEvent.type(screen.getByLabelText('Phone'), '020 7946 0958');
    await userEvent.tab();
    expect(value()).toBe('+44 20 7946 0958');
  });
});

describe('NumberField', () => {
  it('reports numbers and refuses letters', async () => {
    render(<Controlled initial={null as number | null}>{(v, set) => <NumberField label="Copies" value={v} onChange={set} />}</Controlled>);
    const input = screen.getByLabelText('Copies');
    await userEvent.type(input, '1a2.5');
    expect(input).toHaveValue('12.5');
    expect(value()).toBe(12.5);
  });

  it('blocks negatives, decimals and extra decimal places when told to', async () => {
    render(
      <Controlled initial={null as number | null}>
        {(v, set) => <NumberField label="Count" value={v} onChange={set} allowNegative={false} allowDecimals={false} />}
      </Controlled>,
    );
    const count = screen.getByLabelText('Count');
    expect(count).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(count, '-3.7');
    expect(count).toHaveValue('37');
    expect(value()).toBe(37);
  });

  it('limits decimal places', async () => {
    render(<Controlled initial={null as number | null}>{(v, set) => <NumberField label="Price" value={v} onChange={set} maxDecimalPlaces={2} />}</Controlled>);
    const input = screen.getByLabelText('Price');
    await userEvent.type(input, '9.999');
    expect(input).toHaveValue('9.99');
    expect(value()).toBe(9.99);
  });

  it('keeps a partial number while reporting nothing, and takes a value set from outside', async () => {
    render(
      <Controlled initial={5 as number | null}>
        {(v, set) => (
          <>
            <NumberField label="Amount" value={v} onChange={set} />
            <button onClick={() => set(42)}>Set</button>
          </>
        )}
      </Controlled>,
    );
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveValue('5');
    await userEvent.clear(input);
    await userEvent.type(input, '-');
    expect(input).toHaveValue('-');
    expect(value()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(input).toHaveValue('42');
  });
});

describe('DateField', () => {
  it('reads MM/dd/yyyy into an ISO day and shows the format', async () => {
    render(<Controlled initial={null as string | null}>{(v, set) => <DateField label="Teach date" value={v} onChange={set} />}</Controlled>);
    const input = screen.getByLabelText('Teach date');
    expect(input).toHaveAccessibleDescription('Format: MM/DD/YYYY');
    await userEvent.type(input, '03/01/2025');
    expect(value()).toBe('2025-03-01');
  });

  it('shows an existing value in the format, and refuses a day that does not exist', async () => {
    render(<Controlled initial={'2024-12-31' as string | null}>{(v, set) => <DateField label="Date" value={v} onChange={set} />}</Controlled>);
    const input = screen.getByLabelText('Date');
    expect(input).toHaveValue('12/31/2024');
    await userEvent.clear(input);
    await userEvent.type(input, '02/30/2025');
    await userEvent.tab();
    expect(value()).toBeNull();
    expectLinkedError(input, 'Please enter a valid date (MM/DD/YYYY)');
  });
});

describe('PasswordField', () => {
  it('hides the password until Show is pressed', async () => {
    render(<Controlled initial="">{(v, set) => <PasswordField label="Password" value={v} onChange={set} />}</Controlled>);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows the strength meter, read with the input, only when asked and only with text', async () => {
    render(<Controlled initial="">{(v, set) => <PasswordField label="New password" value={v} onChange={set} showStrength autoComplete="new-password" />}</Controlled>);
    const input = screen.getByLabelText('New password');
    expect(screen.queryByText(/Password strength/)).not.toBeInTheDocument();
    await userEvent.type(input, 'abc');
    expect(input).toHaveAccessibleDescription('Password strength: Very Weak');
    await userEvent.type(input, 'defgh');
    expect(input).toHaveAccessibleDescription('Password strength: Weak');
    await userEvent.type(input, 'A');
    expect(input).toHaveAccessibleDescription('Password strength: Fair');
    await userEvent.type(input, '1');
    expect(input).toHaveAccessibleDescription('Password strength: Good');
    await userEvent.type(input, '!');
    expect(input).toHaveAccessibleDescription('Password strength: Strong');
  });

  it('links its error', () => {
    render(<PasswordField label="Password" value="" onChange={() => {}} error="Password is required" />);
    expectLinkedError(screen.getByLabelText('Password'), 'Password is required');
  });
});
