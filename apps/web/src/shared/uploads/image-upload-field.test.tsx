import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ImageUploadField } from './image-upload-field.tsx';
import { uploadImage } from './upload.api.ts';
import { initI18n, loadCatalogueParts } from '../../i18n/i18n.ts';

vi.mock('./upload.api.ts', () => ({
  uploadImage: vi.fn(async (_purpose: string, _file: File, onProgress?: (f: number) => void) => {
    onProgress?.(0.5);
    return { id: '5f0c1c52-8d52-4a55-9d3e-2f1d8b7f0a11', purpose: 'id_front', contentType: 'image/png', size: 10 };
  }),
  fetchPrivateImage: vi.fn(),
  privateImageKey: (id: string) => ['upload/view', id],
}));

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

function choose(input: HTMLElement, file: File) {
  fireEvent.change(input, { target: { files: [file] } });
}

describe('image picker (UX "Uploads", SPEC §5)', () => {
  beforeAll(async () => {
    await initI18n({ search: '?lang=en', hash: '' });
    // The upload texts are in the money screens' catalogue part, loaded with those routes.
    await loadCatalogueParts(['funds']);
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('refuses a file that is not JPG, PNG or GIF before uploading, with the catalogued reason', async () => {
    const onChange = vi.fn();
    render(<ImageUploadField purpose="id_front" label="Front" testId="rn-front" onChange={onChange} />);
    choose(screen.getByTestId('rn-front'), new File(['%PDF-1.7'], 'id.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('rn-front-error')).textContent).toContain(
      'Only JPG, PNG or GIF images can be uploaded.',
    );
    expect(uploadImage).not.toHaveBeenCalled();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('refuses a file over 5 MB before uploading', async () => {
    render(<ImageUploadField purpose="id_front" label="Front" testId="rn-front" onChange={vi.fn()} />);
    const big = new File([pngBytes, new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    choose(screen.getByTestId('rn-front'), big);
    expect((await screen.findByTestId('rn-front-error')).textContent).toContain('larger than 5 MB');
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it('uploads a valid image with its purpose and hands back the stored id', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const onChange = vi.fn();
    render(<ImageUploadField purpose="id_back" label="Back" testId="rn-back" onChange={onChange} />);
    choose(screen.getByTestId('rn-back'), new File([pngBytes], 'back.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('5f0c1c52-8d52-4a55-9d3e-2f1d8b7f0a11'));
    expect(vi.mocked(uploadImage).mock.calls[0]?.[0]).toBe('id_back');
    expect(screen.getByTestId('rn-back-done').textContent).toContain('Uploaded');
    expect(screen.getByTestId('rn-back-preview').getAttribute('src')).toBe('blob:preview');
  });
});
