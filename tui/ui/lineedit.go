package ui

import (
	"reflect"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
)

// The line editor's keys. In the composer and in every text field (the
// picker's filter, rename, the new-session form, the search, the model
// key, the palette's filter) the ctrl and alt keys a shell's line editor
// (readline, in its emacs keys) edits with do what they do there, or
// nothing: they are never a session's action. The key map keeps off them,
// and a rebinding onto one of them is dropped (KeepLineEditing), so typing
// habits never clone, rename, delete or open an editor.

// lineEditing is every key the line editor keeps, with what it does, in
// the order the help lists them.
var lineEditing = []struct{ keys, help, desc string }{
	{"ctrl+a home", "ctrl+a", "start of the line (home too)"},
	{"ctrl+e end", "ctrl+e", "end of the line (end too)"},
	{"ctrl+b left", "ctrl+b", "a character back (← too)"},
	{"alt+b alt+left", "alt+b", "a word back"},
	{"alt+f alt+right", "alt+f", "a word forward"},
	{"ctrl+k", "ctrl+k", "kill to the end of the line"},
	{"ctrl+u", "ctrl+u", "kill to the start of the line"},
	{"ctrl+w alt+backspace", "ctrl+w", "kill the word before the cursor (alt+backspace too)"},
	{"alt+d", "alt+d", "kill the word after the cursor"},
	{"ctrl+y", "ctrl+y", "yank: put back what the last kill took"},
	{"ctrl+d delete", "ctrl+d", "delete under the cursor (at the end: nothing)"},
	{"ctrl+h backspace", "ctrl+h", "delete before the cursor (backspace too)"},
	{"ctrl+r", "ctrl+r", "composer: search what you sent (again: older; enter keeps it; esc puts the draft back); fields: nothing"},
}

// reserved is the keys the line editor keeps from the key map: its ctrl
// and alt keys (home, end, the arrows and backspace are keys of their own,
// which a pane may bind where no text is typed).
var reserved = []string{"ctrl+a", "ctrl+e", "ctrl+b", "alt+b", "alt+f", "ctrl+k", "ctrl+u", "ctrl+w",
	"alt+backspace", "alt+d", "ctrl+y", "ctrl+d", "ctrl+h", "ctrl+r"}

// LineEditing is the line editor's keys as the help lists them: what they
// do in the composer and in every text field. They are not in the key map:
// no rebinding moves them.
func LineEditing() []key.Binding {
	out := make([]key.Binding, len(lineEditing))
	for i, l := range lineEditing {
		out[i] = key.NewBinding(key.WithKeys(strings.Fields(l.keys)...), key.WithHelp(l.help, l.desc))
	}
	return out
}

// IsLineEditing reports whether k (a key's name, "ctrl+a") is one the line
// editor keeps.
func IsLineEditing(k string) bool { return slices.Contains(reserved, k) }

// KeepLineEditing is km without the line editor's keys: a binding that
// names one loses it (one left with no key is disabled). dropped says, for
// each key taken, which binding had it ("ctrl+a (Rename)"), for the person
// whose key config asked for it.
func KeepLineEditing(km KeyMap) (kept KeyMap, dropped []string) {
	v := reflect.ValueOf(&km).Elem()
	for i := range v.NumField() {
		b := v.Field(i).Interface().(key.Binding)
		var keys []string
		for _, k := range b.Keys() {
			first, _, _ := strings.Cut(k, " ") // a chord's first key
			if IsLineEditing(first) {
				dropped = append(dropped, k+" ("+v.Type().Field(i).Name+")")
				continue
			}
			keys = append(keys, k)
		}
		if len(keys) == len(b.Keys()) {
			continue
		}
		h := b.Help()
		switch {
		case len(keys) == 0:
			b = key.NewBinding(key.WithDisabled(), key.WithHelp("", h.Desc))
		default:
			name := h.Key
			if first, _, _ := strings.Cut(name, " "); IsLineEditing(first) {
				name = keys[0] // the help named a key the binding no longer has
			}
			b = key.NewBinding(key.WithKeys(keys...), key.WithHelp(name, h.Desc))
		}
		v.Field(i).Set(reflect.ValueOf(b))
	}
	return km, dropped
}

// Chord is two keys pressed one after the other, as a binding names it
// ("ctrl+x ctrl+e", bash's key for the editor): key.Matches matches it
// against a binding's keys like a key press.
type Chord string

// String is the chord as a binding names it.
func (c Chord) String() string { return string(c) }

// StartsChord reports whether k (a key's name) is the first key of a
// chord of one of bs.
func StartsChord(k string, bs ...key.Binding) bool {
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		for _, c := range b.Keys() {
			if first, _, ok := strings.Cut(c, " "); ok && first == k {
				return true
			}
		}
	}
	return false
}
