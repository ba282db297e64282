package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// Context refs are ids of what the person has open (documents, nodes): the
// next text command (a prompt, a follow-up or a steer) carries them as its
// contextRefs, and they clear once the host takes it. A refused send gives
// them back with its text. Chimes carry none.

// refMax bounds one ref's length, in runes.
const refMax = 200

// refChip is the mark of one ref in the composer's chips line.
const refChip = "⊕ "

// checkRef reports why id cannot be a ref, "" when it can.
func checkRef(id string) string {
	switch {
	case id == "":
		return "say the id: /ref ID"
	case len([]rune(id)) > refMax:
		return "that id is longer than 200 characters: is it an id?"
	case ui.SanitizeLine(id) != id:
		return "an id has no control characters: /ref ID"
	}
	return ""
}

// addRefs adds ids not yet attached, in order.
func addRefs(refs []string, ids ...string) []string {
	for _, id := range ids {
		if !containsRef(refs, id) {
			refs = append(refs, id)
		}
	}
	return refs
}

// containsRef reports whether refs holds id.
func containsRef(refs []string, id string) bool {
	for _, r := range refs {
		if r == id {
			return true
		}
	}
	return false
}

// dropRef is refs without id.
func dropRef(refs []string, id string) []string {
	var kept []string
	for _, r := range refs {
		if r != id {
			kept = append(kept, r)
		}
	}
	return kept
}

// runRef attaches the ids of "/ref ID…", or drops those written "-ID".
func runRef(m *Model, arg string) (tea.Cmd, string) {
	ids := strings.Fields(arg)
	if len(ids) == 0 {
		return nil, "say the id: /ref ID attaches it to your next message (/ref -ID drops it)"
	}
	next := append([]string(nil), m.refs...)
	for _, id := range ids {
		if rest, ok := strings.CutPrefix(id, "-"); ok {
			if !containsRef(next, rest) {
				return nil, "“" + ui.SanitizeLine(rest) + "” is not attached: " + m.refsSummary()
			}
			next = dropRef(next, rest)
			continue
		}
		if why := checkRef(id); why != "" {
			return nil, why
		}
		next = addRefs(next, id)
	}
	m.refs = next
	m.note.Say(m.refsSummary())
	return nil, ""
}

// paletteRef starts "/ref " in an empty composer, for the id.
func paletteRef(m *Model) tea.Cmd {
	if !m.composer.Blank() {
		m.note.Say("type /ref ID once the draft is sent or cleared (the draft stays)")
		return nil
	}
	m.composer.SetValue("/ref ")
	m.focus = focusSession
	return nil
}

// runUnref drops one ref ("/unref ID"), or all of them.
func runUnref(m *Model, arg string) (tea.Cmd, string) {
	id := strings.TrimSpace(arg)
	switch {
	case id == "":
		m.refs = nil
		m.note.Say("context refs dropped")
	case !containsRef(m.refs, id):
		return nil, "“" + ui.SanitizeLine(id) + "” is not attached: " + m.refsSummary()
	default:
		m.refs = dropRef(m.refs, id)
		m.note.Say(m.refsSummary())
	}
	return nil, ""
}

// dropLastRef drops the last ref attached (the unref key).
func (m *Model) dropLastRef() {
	if len(m.refs) == 0 {
		m.note.Say("no context refs to drop: /ref ID attaches one")
		return
	}
	last := m.refs[len(m.refs)-1]
	m.refs = m.refs[:len(m.refs)-1]
	m.note.Say("dropped " + ui.SanitizeLine(last) + " · " + m.refsSummary())
}

// refsSummary says what the next message carries.
func (m *Model) refsSummary() string {
	if len(m.refs) == 0 {
		return "no context refs attached"
	}
	return "your next message carries " + strings.Join(m.refs, ", ") + " · " +
		ui.KeyName(m.Keys.Unref) + " drops the last"
}

// refLines is the chips line over the composer, none without refs.
func (m *Model) refLines() []string {
	if len(m.refs) == 0 || m.cfg.Watch {
		return nil
	}
	chips := make([]string, len(m.refs))
	for i, r := range m.refs {
		chips[i] = m.Styles.Key.Render(refChip + ui.SanitizeLine(r))
	}
	line := strings.Join(chips, " ") + m.Styles.KeyDesc.Render(" · "+ui.KeyName(m.Keys.Unref)+" drops the last")
	return []string{xansi.Truncate(line, m.width, "…")}
}
