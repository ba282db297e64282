package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/tui/dialog"
)

// outOfCredit is Dee's session out of credit, "after the credit" refused
// for it: the key dialog open by itself.
func outOfCredit(t *testing.T) (*harness, func() string) {
	t.Helper()
	srv, c := deeOnPublic(t)
	id := newSession(t, c, "Credit")
	srv.SpendCredit("cognito:dee", 0.5001)
	cfg := hostConfig(t, c)
	cfg.SessionID = id
	a := drive(t, "dee", cfg, 100, 34)
	a.see("✗ no credit left: the next turn is refused")
	a.send(typing("after the credit")...)
	a.send(keyEnter)
	a.seeBoxed("Model key", "The host said: out_of_credit: ")
	return a, c.ModelKey
}

// TestKeyFieldTakesKeysNotSentences is issue 35's third trap: out of
// credit, the key field opens by itself; the sentence typed next ("so what
// do I do now", enter) is not stored as the key: it goes to the composer
// whole, and the field waits. Typed into the field once the person reached
// it, a sentence is refused and goes back to the composer, the field says
// why; a word that is not a key stays in the field, said so. A key pasted
// is kept.
func TestKeyFieldTakesKeysNotSentences(t *testing.T) {
	t.Parallel()
	a, modelKey := outOfCredit(t)
	a.send(typing("so what do I do now")...)
	a.send(keyEnter)
	a.drain()
	if modelKey() != "" || strings.Contains(a.m.note.Text(), "your model key goes with every request") {
		t.Fatalf("the sentence was kept as the model key (note %q)", a.m.note.Text())
	}
	if v := a.m.composer.Value(); !strings.HasPrefix(v, "after the credit") || !strings.HasSuffix(v, "so what do I do now") {
		t.Fatalf("the composer holds %q: the sentence is not there whole", v)
	}
	if _, ok := a.m.top().(*dialog.Key); !ok {
		t.Fatalf("the key dialog closed: top %T", a.m.top())
	}

	a.send(typing("really, what now")...) // the field has the keys now: enter reached it
	a.send(keyEnter)
	a.seeBoxed("✗ not kept: it has spaces, and a model key is one word: your words went to the composer")
	if v := a.m.composer.Value(); !strings.HasSuffix(v, "so what do I do now\nreally, what now") || modelKey() != "" {
		t.Fatalf("the refused words: composer %q, key set %v", v, modelKey() != "")
	}
	a.send(typing("sk-or-short")...)
	a.send(keyEnter)
	a.seeBoxed("✗ not kept: it is too short for a model key")
	if strings.Contains(a.m.composer.Value(), "sk-or-short") || modelKey() != "" {
		t.Fatalf("a word that is not a key went on: composer %q", a.m.composer.Value())
	}
	a.send(keyEsc)
	a.until("the dialog closed", func(string) bool { return a.m.top() == nil })
	if strings.Contains(a.m.composer.Value(), "sk-or-short") {
		t.Fatal("a part of a key went to the composer at esc")
	}
	a.send(keyModelKey, tea.PasteMsg{Content: testModelKey})
	a.send(keyEnter)
	a.see("your model key goes with every request from now on")
	if modelKey() != testModelKey {
		t.Error("the pasted key was not kept")
	}
	neverShown(t, a)
}

// TestKeyTypedByHandGoesToTheField: a key typed by hand at the key dialog
// before reaching its field went to the composer; the key that reaches the
// field (enter) takes it out of the composer, into the field, and keeps it.
func TestKeyTypedByHandGoesToTheField(t *testing.T) {
	t.Parallel()
	a, modelKey := outOfCredit(t)
	a.send(typing(testModelKey)...)
	a.send(keyEnter)
	a.see("your model key goes with every request from now on")
	if modelKey() != testModelKey || strings.Contains(a.m.composer.Value(), testModelKey) {
		t.Fatalf("key kept %v, composer %q", modelKey() == testModelKey, a.m.composer.Value())
	}
	if a.m.composer.Value() != "after the credit" {
		t.Errorf("the composer holds %q", a.m.composer.Value())
	}
	neverShown(t, a)
}
