package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// onForked opens the new session, with the message handed back by
// selectedText in its composer.
func (m *Model) onForked(msg forkedMsg) tea.Cmd {
	if m.tiles.Of(msg.gen) == nil {
		return nil
	}
	if m.failed(msg.err) {
		return nil
	}
	b := msg.branched
	cmd, joined := m.joinWall(b.Session.SessionID)
	said := "forked as " + ui.SanitizeLine(b.Session.SessionID)
	if b.SelectedText != "" {
		_, text := splitAttribution(b.SelectedText)
		text, stripped := ui.HostDraft(text)
		m.composer.SetValue(text)
		said += ": the message is back in the composer"
		if stripped {
			said = "forked as " + ui.SanitizeLine(b.Session.SessionID) + ": the message is back, its escapes and hidden characters taken out"
		}
	}
	if joined != "" {
		said += " · " + joined
	}
	m.tiles.Focused().SayOnOpen(said)
	return cmd
}

// splitAttribution takes an accepted chime's attribution line off a text:
// "[Bo collaborator]\n…" is Bo's, and the rest is the message.
func splitAttribution(text string) (author, rest string) {
	line, rest, ok := strings.Cut(text, "\n")
	if !ok || !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, " collaborator]") {
		return "", text
	}
	return strings.TrimSuffix(strings.TrimPrefix(line, "["), " collaborator]"), rest
}
