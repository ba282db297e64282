package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Slash commands: a draft whose first word is "/name" runs the action of
// that name instead of being sent. "//text" sends the literal "/text"; an
// unknown "/word" is sent only after the person says so.

// slashKind is what a draft is to the slash commands.
type slashKind int

const (
	slashNone    slashKind = iota // plain text: sent as it is
	slashCommand                  // "/name args": a command
	slashLiteral                  // "//text": the text "/text"
)

// slashLine is a draft read as a slash command.
type slashLine struct {
	kind slashKind
	name string // the command's name, lower case, without "/"
	arg  string // the rest, trimmed
	text string // for slashLiteral, the text to send
}

// parseSlash reads a draft: a command is "/" then a name of letters,
// digits and "-", then optional arguments after a space.
func parseSlash(draft string) slashLine {
	trimmed := strings.TrimSpace(draft)
	switch {
	case strings.HasPrefix(trimmed, "//"):
		return slashLine{kind: slashLiteral, text: trimmed[1:]}
	case !strings.HasPrefix(trimmed, "/"):
		return slashLine{}
	}
	name, arg, _ := strings.Cut(trimmed[1:], " ")
	if nl := strings.IndexByte(name, '\n'); nl >= 0 {
		name, arg = name[:nl], name[nl+1:]+" "+arg
	}
	if name == "" || !isSlashName(name) {
		return slashLine{}
	}
	return slashLine{kind: slashCommand, name: strings.ToLower(name), arg: strings.TrimSpace(arg)}
}

// isSlashName reports whether s can name a command.
func isSlashName(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return len(s) <= 32
}

// escapeSlash is text as it goes back in the composer: a text starting with
// "/" is written "//" so enter sends it as it was, not as a command.
func escapeSlash(text string) string {
	if strings.HasPrefix(strings.TrimSpace(text), "/") {
		return "/" + text
	}
	return text
}

// slash runs the draft when it is a slash command and reports whether it
// was one (or asks about an unknown one); else it gives the text to send.
// A refused command keeps the draft and says why.
func (m *Model) slash(op, draft string) (text string, cmd tea.Cmd, handled bool) {
	l := parseSlash(draft)
	switch l.kind {
	case slashNone:
		return draft, nil, false
	case slashLiteral:
		return l.text, nil, false
	}
	send := sendAnyway{op: op, text: draft}
	return "", m.runCommand(l, draft, "Send the text to the model as it is?", "send it to the model as text", send), true
}

// runCommand runs the command l of draft. One that names no command asks
// question first, and send is acted on on yes; one that cannot run now, or whose
// words are wrong, runs nothing, keeps the draft and says why; one that ran
// leaves the composer empty (the history keeps it).
func (m *Model) runCommand(l slashLine, draft, question, yes string, send ui.Action) tea.Cmd {
	a, ok := m.lookup(l.name)
	if !ok {
		m.push(dialog.NewChoice(&m.Context, "Not a command",
			"/"+ui.SanitizeLine(l.name)+" is not a command ("+ui.KeyName(m.Keys.Palette)+" lists them).\n"+question,
			[]dialog.Option{{Label: "keep it in the composer"}, {Label: yes, Act: send}}, 0))
		return nil
	}
	if why := a.why(m); why != "" {
		m.note.Say(why)
		return nil
	}
	cmd, refusal := a.run(m, l.arg)
	if refusal != "" {
		m.note.Say(refusal)
		return nil
	}
	keep := m.remember(draft)
	m.composer.SetValue("")
	return tea.Batch(keep, cmd)
}

// parsePolicy reads a room policy's name.
func parsePolicy(s string) (string, bool) {
	switch p := strings.ToLower(strings.TrimSpace(s)); p {
	case client.PolicySuggest, client.PolicyCoDrive, client.PolicyObserve, client.PolicyMute:
		return p, true
	case "codrive", "co_drive":
		return client.PolicyCoDrive, true
	}
	return "", false
}
