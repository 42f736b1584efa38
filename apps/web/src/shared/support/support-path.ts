/**
 * Issue 27: the chat's address. SPEC §2 names no route for online customer service; members and visitors share this
 * one (docs/architecture.md). A file of its own, so the start screen links to it without the chat's code.
 */
export const supportChatPath = '/support/chat';
