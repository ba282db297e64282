package tui

import (
	"slices"
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
// was one; else it gives the text to send. One that names no command asks
// question first, and anyway is acted on on yes; one that cannot run now,
// or whose words are wrong, runs nothing, keeps the draft and says why; one
// that ran leaves the composer empty (the history keeps it).
func (m *Model) slash(draft, question, yes string, anyway ui.Action) (text string, cmd tea.Cmd, handled bool) {
	l := parseSlash(draft)
	switch l.kind {
	case slashNone:
		return draft, nil, false
	case slashLiteral:
		return l.text, nil, false
	}
	acts := m.actions()
	i := slices.IndexFunc(acts, func(a action) bool { return a.slash == l.name })
	if i < 0 {
		m.unknownCommand(l, question, yes, anyway)
		return "", nil, true
	}
	a := acts[i]
	if why := a.why(m); why != "" {
		m.note.Say(why)
		return "", nil, true
	}
	cmd, refusal := a.run(m, l.arg)
	if refusal != "" {
		m.note.Say(refusal)
		return "", nil, true
	}
	keep := m.remember(draft)
	m.composer.SetValue("")
	return "", tea.Batch(keep, cmd), true
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

// unknownCommand says a draft names no command, and the nearest one, on
// the status line (an older note never stays beside it) and in a question:
// keep the draft, run the nearest command instead, or send the text as it
// is (send).
func (m *Model) unknownCommand(l slashLine, question, yes string, send ui.Action) {
	name := "/" + ui.SanitizeLine(ui.ClipRunes(l.name, 32))
	opts := []dialog.Option{{Label: "keep it in the composer"}}
	said := name + " is not a command"
	if near, ok := m.nearestCommand(l.name); ok {
		said += "; the nearest is /" + near.slash + " (" + near.name + ")"
		opts = append(opts, dialog.Option{Label: "run /" + near.slash + " instead", Act: runNearest{slash: near.slash}})
	}
	m.note.Say(said + " · " + ui.KeyName(m.Keys.Palette) + " lists them")
	opts = append(opts, dialog.Option{Label: yes, Act: send})
	m.push(dialog.NewChoice(&m.Context, "Not a command", said+" ("+ui.KeyName(m.Keys.Palette)+" lists them all).\n"+question, opts, 0))
}

// runNearest runs the command an unknown one was nearest to, in its place.
type runNearest struct {
	rootAct
	slash string
}

// onRunNearest runs the nearest command with the draft's words.
func (m *Model) onRunNearest(a runNearest) tea.Cmd {
	l := parseSlash(m.composer.Value())
	if l.kind != slashCommand {
		return nil // the draft changed since: nothing of it is run
	}
	_, cmd, _ := m.slash(strings.TrimSpace("/"+a.slash+" "+l.arg), "", "", nil)
	return cmd
}

// nearestCommand is the command a name that is none most likely meant: one
// it begins, one whose words hold it ("/clear" → /new, "/find" →
// /search), else the one spelled closest (at most two letters off).
func (m *Model) nearestCommand(name string) (action, bool) {
	name = strings.ToLower(name)
	acts := m.actions()
	for _, a := range acts {
		if a.slash != "" && strings.HasPrefix(a.slash, name) {
			return a, true
		}
	}
	for _, a := range acts {
		if a.slash != "" && slices.Contains(strings.Fields(a.words), name) {
			return a, true
		}
	}
	best, dist := action{}, 3
	for _, a := range acts {
		if d := editDistance(name, a.slash); a.slash != "" && d < dist {
			best, dist = a, d
		}
	}
	return best, dist < 3
}

// editDistance is the letters to change, add or take out to make a into b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}
