package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
)

// keys hands keys to the model one by one and gathers the commands they
// return: a command is a request the keys made.
func keys(m *Model, msgs ...tea.Msg) (cmds int) {
	for _, msg := range msgs {
		if _, cmd := m.Update(msg); cmd != nil {
			cmds++
		}
	}
	return cmds
}

// TestTypingInAPaneNeverActs is trap 1: text typed while a pane has the
// focus goes to the composer, the focus with it; a letter only proposes
// what it does, and enter does it; after an action the focus is the
// composer's again.
func TestTypingInAPaneNeverActs(t *testing.T) {
	t.Run("after accepting, the words go to the composer", func(t *testing.T) {
		m := driven(t, 100, 30)
		feed(m, chimeArrives(m, 5, "c1", "Bo", "one"), chimeArrives(m, 6, "c2", "Cy", "two"))
		if n := keys(m, keyTab, press('a'), keyEnter); n != 1 {
			t.Fatalf("tab a enter made %d requests, want the accept", n)
		}
		if m.focus != focusSession {
			t.Errorf("after the accept the focus is %d, want the composer", m.focus)
		}
		if n := keys(m, typing("please fix that")...); n != 0 {
			t.Errorf("typing after the accept made %d requests", n)
		}
		if got := m.composer.Value(); got != "please fix that" {
			t.Errorf("the composer holds %q", got)
		}
	})
	t.Run("a word typed into the room is text", func(t *testing.T) {
		m := driven(t, 100, 30)
		feed(m, chimeArrives(m, 5, "c1", "Bo", "one"))
		if n := keys(m, append([]tea.Msg{keyTab}, typing("please fix that")...)...); n != 0 {
			t.Errorf("typing into the room made %d requests (policy, accept)", n)
		}
		if got := m.composer.Value(); got != "please fix that" || m.focus != focusSession {
			t.Errorf("the composer holds %q, focus %d", got, m.focus)
		}
		if p := roomPolicy(m.sess.state); p != client.PolicySuggest {
			t.Errorf("the room's policy is %s", p)
		}
	})
	t.Run("fix typed into the entries does not fork", func(t *testing.T) {
		m := driven(t, 100, 30)
		if n := keys(m, append([]tea.Msg{keyTab, keyTab}, typing("fix")...)...); n != 0 {
			t.Errorf("tab tab fix made %d requests (a fork)", n)
		}
		if got := m.composer.Value(); got != "fix" {
			t.Errorf("the composer holds %q, want fix", got)
		}
	})
	t.Run("a letter says what enter does", func(t *testing.T) {
		m := driven(t, 100, 30)
		feed(m, chimeArrives(m, 5, "c1", "Bo", "Try the archive."), keyTab, press('x'))
		if !strings.Contains(screen(m), "x: enter rejects Bo's chime “Try the archive.”") {
			t.Errorf("the status does not name the chime x acts on:\n%s", screen(m))
		}
		if n := keys(m, keyEnter); n != 1 || m.focus != focusSession {
			t.Errorf("enter in the room made %d requests, focus %d; want the reject, composer", n, m.focus)
		}
	})
}
