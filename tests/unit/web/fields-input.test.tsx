import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileUploadField } from '../../../web/src/ui/fields/FileUploadField';
import type { ChosenFile } from '../../../web/src/ui/fields/rules/files';
import { OtpField } from '../../../web/src/ui/fields/OtpField';
import { TextAreaField } from '../../../web/src/ui/fields/TextAreaField';
import { Controlled, reported } from './fields-harness';

const value = () => reported(screen.getByTestId);

describe('TextAreaField', () => {
  it('counts characters against the maximum and stops at it', async () => {
    render(<Controlled initial="">{(v, set) => <TextAreaField label="Message" value={v} onChange={set} maxLength={10} />}</Controlled>);
    const area = screen.getByLabelText('Message');
    expect(area).toHaveAttribute('maxlength', '10');
    expect(area).toHaveAccessibleDescription('10 characters remaining');
    await userEvent.type(area, 'Hello');
    expect(screen.getByText('5/10')).toBeInTheDocument();
    expect(area).toHaveAccessibleDescription('5 characters remaining');
    await userEvent.type(area, ' world!!!');
    expect(value()).toBe('Hello worl');
    expect(screen.getByText('10/10')).toBeInTheDocument();
  });

  it('has no counter without a maximum, and links its error', () => {
    render(<TextAreaField label="Notes" value="" onChange={() => {}} error="Notes is required" />);
    const area = screen.getByLabelText('Notes');
    expect(screen.queryByText(/\/\d+/)).not.toBeInTheDocument();
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Notes is required');
  });
});

describe('OtpField', () => {
  const renderOtp = (onComplete = vi.fn(), length?: number) => {
    render(
      <Controlled initial="">
        {(v, set) => <OtpField label="Verification code" value={v} onChange={set} onComplete={onComplete} {...(length ? { length } : {})} />}
      </Controlled>,
    );
    return onComplete;
  };

  it('has 6 labelled boxes by default in a named group', () => {
    renderOtp();
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('takes digits only, moving on box by box, and reports the code once complete', async () => {
    const onComplete = renderOtp();
    await userEvent.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('1a2b3');
    expect(value()).toBe('123');
    expect(screen.getByRole('textbox', { name: 'Digit 4 of 6' })).toHaveFocus();
    await userEvent.keyboard('456');
    expect(value()).toBe('123456');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('takes a pasted code across the boxes', async () => {
    const onComplete = renderOtp();
    await userEvent.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.paste('987-654');
    expect(value()).toBe('987654');
    expect(onComplete).toHaveBeenCalledWith('987654');
    expect(screen.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveFocus();
  });

  it('goes back with Backspace', async () => {
    renderOtp();
    await userEvent.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await userEvent.keyboard('12');
    await userEvent.keyboard('{Backspace}');
    expect(value()).toBe('1');
    expect(screen.getByRole('textbox', { name: 'Digit 2 of 6' })).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(value()).toBe('');
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus();
  });

  it('takes another length', () => {
    renderOtp(vi.fn(), 4);
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(screen.getByRole('textbox', { name: 'Digit 4 of 4' })).toBeInTheDocument();
  });
});

describe('FileUploadField', () => {
  const png = (name = 'cover.png', size = 1024) => new File([new Uint8Array(size)], name, { type: 'image/png', lastModified: 1 });
  const names = () => value() as string[];

  let chosen: readonly ChosenFile[] = [];

  function renderUpload(props: Partial<Parameters<typeof FileUploadField>[0]> = {}) {
    chosen = [];
    const keep = (set: (files: ChosenFile[]) => void) => (files: ChosenFile[]) => {
      chosen = files;
      set(files);
    };
    render(
      <Controlled initial={[] as ChosenFile[]} serialize={(files) => files.map((f) => f.name)}>
        {(v, set) => <FileUploadField label="Cover image" value={v} onChange={keep(set)} {...props} />}
      </Controlled>,
    );
    return screen.getByLabelText('Cover image') as HTMLInputElement;
  }

  it('reports each file as its entry (name, size, type, lastModified) with the File to upload', async () => {
    const input = renderUpload();
    const cover = png('cover.png', 2048);
    await userEvent.upload(input, cover);
    expect(chosen).toHaveLength(1);
    const [entry] = chosen;
    expect({ name: entry?.name, size: entry?.size, type: entry?.type, lastModified: entry?.lastModified }).toEqual({ name: 'cover.png', size: 2048, type: 'image/png', lastModified: 1 });
    expect(entry?.file).toBe(cover);
  });

  it('takes one file by default, lists it with its size, and removes it', async () => {
    const input = renderUpload();
    expect(input).not.toHaveAttribute('multiple');
    expect(input).toHaveAccessibleDescription('Up to 10 MB each · One file');
    await userEvent.upload(input, png());
    expect(names()).toEqual(['cover.png']);
    expect(screen.getByText('1 KB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove cover.png' }));
    expect(names()).toEqual([]);
  });

  it('replaces the file when only one is allowed', async () => {
    const input = renderUpload();
    await userEvent.upload(input, png('a.png'));
    await userEvent.upload(input, png('b.png'));
    expect(names()).toEqual(['b.png']);
  });

  it('refuses a type that is not accepted, with the spec message linked to the input', async () => {
    const input = renderUpload({ accept: ['image/*'] });
    expect(input).toHaveAttribute('accept', 'image/*');
    // userEvent.upload honours accept by default; a drop or a picker that ignores it must still be refused.
    await userEvent.upload(input, new File(['x'], 'notes.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(names()).toEqual([]);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('File type "application/pdf" is not accepted'));
  });

  it('refuses a file above the maximum size with both sizes in the message', async () => {
    const input = renderUpload({ maxSize: 2048 });
    await userEvent.upload(input, png('big.png', 3072));
    expect(screen.getByText('File size (3 KB) exceeds maximum allowed size (2 KB)')).toBeInTheDocument();
    expect(names()).toEqual([]);
  });

  it('adds files up to the maximum, and refuses a selection that goes past it', async () => {
    const input = renderUpload({ maxFiles: 2 });
    expect(input).toHaveAttribute('multiple');
    await userEvent.upload(input, [png('a.png')]);
    await userEvent.upload(input, [png('b.png'), png('c.png')]);
    expect(screen.getByText('Maximum 2 files allowed. You selected 3 files.')).toBeInTheDocument();
    expect(names()).toEqual(['a.png']);
    await userEvent.upload(input, [png('b.png')]);
    expect(names()).toEqual(['a.png', 'b.png']);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('takes dropped files under the same rules', () => {
    renderUpload({ accept: ['.png'] });
    const zone = screen.getByLabelText('Cover image').closest('.file-drop')!;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(screen.getByText('File type "image/gif" is not accepted')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { files: [png('ok.png')] } });
    expect(names()).toEqual(['ok.png']);
  });

  it('shows a preview of an image when asked', async () => {
    const input = renderUpload({ preview: true });
    await userEvent.upload(input, png());
    await waitFor(() => expect(document.querySelector('img.file-list__preview')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/)));
  });
});
