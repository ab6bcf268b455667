import type { ExtensionUIContext } from 'pi-coding-agent-0.84.2';

export type NotificationType = 'info' | 'warning' | 'error';

export interface Notification {
  readonly message: string;
  readonly type: NotificationType;
}

type Theme = ExtensionUIContext['theme'];

function plainText(text: string): string {
  return text;
}

/** A theme that styles nothing, so statuses and widgets built with `ctx.ui.theme` read as plain text. */
const PLAIN_THEME = {
  fg: (_color: string, text: string) => text,
  bg: (_color: string, text: string) => text,
  bold: plainText,
  italic: plainText,
  underline: plainText,
  inverse: plainText,
  strikethrough: plainText,
  getFgAnsi: () => '',
  getBgAnsi: () => '',
  getColorMode: () => 'truecolor',
  getThinkingBorderColor: () => plainText,
  getBashModeBorderColor: () => plainText,
} as unknown as Theme;

/**
 * What the extension UI showed: notifications, footer statuses and widgets, and the `ctx.ui` that shows
 * them. With `hasUI` false every UI call does nothing, like Pi's no-op UI in print and json mode; in RPC
 * mode a client receives only the lines of a widget, so a component factory reaches it as a clear.
 */
export class FakeUi {
  readonly notifications: Notification[] = [];
  readonly statuses = new Map<string, string>();
  readonly widgets = new Map<string, unknown>();
  /** What the editor holds: Pi's `setEditorText` replaces it. */
  editorText = '';
  /** The `ctx.ui` object; dialogs answer like Pi's no-op UI (undefined, false, ''). */
  readonly context: ExtensionUIContext;

  constructor(recording: boolean, linesOnly: boolean) {
    const { notifications, statuses, widgets } = this;
    const editor = (text?: string): string => {
      if (text !== undefined && recording) this.editorText = text;
      return this.editorText;
    };
    this.context = {
      notify(message, type) {
        if (recording) notifications.push({ message, type: type ?? 'info' });
      },
      setStatus(key, text) {
        if (!recording) return;
        if (text === undefined) statuses.delete(key);
        else statuses.set(key, text);
      },
      setWidget(key: string, content: unknown) {
        if (!recording) return;
        if (content === undefined || (linesOnly && !Array.isArray(content))) widgets.delete(key);
        else widgets.set(key, content);
      },
      select: () => Promise.resolve(undefined),
      confirm: () => Promise.resolve(false),
      input: () => Promise.resolve(undefined),
      editor: () => Promise.resolve(undefined),
      custom: () => Promise.resolve(undefined as never),
      onTerminalInput: () => () => undefined,
      setWorkingMessage: () => undefined,
      setWorkingVisible: () => undefined,
      setWorkingIndicator: () => undefined,
      setHiddenThinkingLabel: () => undefined,
      setFooter: () => undefined,
      setHeader: () => undefined,
      setTitle: () => undefined,
      pasteToEditor: () => undefined,
      setEditorText: (text) => {
        editor(text);
      },
      getEditorText: () => editor(),
      addAutocompleteProvider: () => undefined,
      setEditorComponent: () => undefined,
      getEditorComponent: () => undefined,
      theme: PLAIN_THEME,
      getAllThemes: () => [],
      getTheme: () => undefined,
      setTheme: () => ({ success: false, error: 'UI not available' }),
      getToolsExpanded: () => false,
      setToolsExpanded: () => undefined,
    };
  }

  takeNotifications(): Notification[] {
    return this.notifications.splice(0);
  }

  /** Pi's interactive mode clears extension statuses and widgets whenever the extension runtime is replaced. */
  clearExtensionUi(): void {
    this.statuses.clear();
    this.widgets.clear();
  }
}
