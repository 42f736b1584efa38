import { Dialog } from 'antd-mobile';

interface ContactDialogTexts {
  title: string;
  body: string;
  close: string;
}

/** The kit's dialog, loaded when the member asks for the contact (it brings the kit's animation library). */
export function showContactDialog({ title, body, close }: ContactDialogTexts): void {
  void Dialog.alert({
    title,
    content: (
      <div className="contact-text" data-testid="start-contact-text">
        {body}
      </div>
    ),
    confirmText: close,
  });
}
