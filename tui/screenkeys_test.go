package tui

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// TestHelpListsEveryKeyOnce: the help (f1) lists every key of the key map,
// grouped by where it works: no key of the map is left out (a new binding
// must find its place), none is listed twice in a place, and the line
// editor's keys have a place of their own, named as such; the help says
// once what a↵ means. Wherever it opens, the place of the focus is first.
func TestHelpListsEveryKeyOnce(t *testing.T) {
	t.Parallel()
	k := ui.DefaultKeyMap()
	g := newGrouped(&k, nil, sessionPlaces...)
	listed := map[string]bool{}
	for _, grp := range g.Groups() {
		seen := map[string]bool{}
		for _, b := range grp.Keys {
			h := b.Help()
			if seen[h.Key] {
				t.Errorf("%s lists %s twice", grp.Where, h.Key)
			}
			seen[h.Key] = true
			for _, name := range b.Keys() {
				listed[name] = true
			}
		}
	}
	v := reflect.ValueOf(k)
	for i := range v.NumField() {
		for _, name := range v.Field(i).Interface().(key.Binding).Keys() {
			if !listed[name] {
				t.Errorf("the help does not list %s (%s)", name, v.Type().Field(i).Name)
			}
		}
	}
	for _, le := range ui.LineEditing() {
		if !strings.HasPrefix(g.Groups()[2].Where, "line editing") || !holds(g.Groups()[2].Keys, le) {
			t.Errorf("the line editor's %s is not in its own place", le.Help().Key)
		}
	}

	m := driven(t, 120, 40)
	feed(m, keyF1)
	if _, ok := m.top().(*dialog.Help); !ok {
		t.Fatal("f1 opened no help")
	}
	s := screen(m)
	if strings.Count(s, "a↵ is a pane's letter, then enter") != 1 || !strings.Contains(s, "line editing (composer, text fields)") {
		t.Errorf("the help does not say once what a↵ means, or names no line editing:\n%s", s)
	}
	for _, c := range []struct {
		focus focus
		first string
	}{{focusSession, "in a session"}, {focusRoom, "room pane (tab)"}, {focusEntries, "entries (tab)"}, {focusPicker, "session picker (ctrl+o)"}} {
		m.focus = c.focus
		if got := m.screenKeys().(grouped).Groups()[0].Where; !strings.HasPrefix(got, c.first) {
			t.Errorf("with the focus %d the help lists %q first, want %q", c.focus, got, c.first)
		}
	}
}

// holds reports whether bs holds a binding with b's keys and words.
func holds(bs []key.Binding, b key.Binding) bool {
	for _, x := range bs {
		if reflect.DeepEqual(x.Keys(), b.Keys()) && x.Help() == b.Help() {
			return true
		}
	}
	return false
}

// TestDocsListEveryKey: docs/tui.md's "Keys" has a part for each of the
// help's places, under the same name, and names there every key the help
// lists in that place.
func TestDocsListEveryKey(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../docs/tui.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	start := strings.Index(doc, "\n## Keys\n")
	end := strings.Index(doc[start+1:], "\n## ")
	if start < 0 || end < 0 {
		t.Fatal("docs/tui.md has no Keys section")
	}
	parts := map[string]string{}
	heading := regexp.MustCompile(`(?m)^### (.+)$`)
	keys := doc[start : start+1+end]
	locs := heading.FindAllStringSubmatchIndex(keys, -1)
	for i, l := range locs {
		stop := len(keys)
		if i+1 < len(locs) {
			stop = locs[i+1][0]
		}
		name := strings.ToLower(strings.ReplaceAll(keys[l[2]:l[3]], "`", ""))
		parts[name] = keys[l[1]:stop]
	}
	k := ui.DefaultKeyMap()
	groups := append(newGrouped(&k, nil).Groups(), visitGroups(&k).Groups()[0])
	for _, grp := range groups {
		part, ok := parts[grp.Where]
		if !ok {
			t.Errorf("docs/tui.md's Keys has no part %q", grp.Where)
			continue
		}
		for _, b := range grp.Keys {
			for _, name := range docNames(b.Help().Key) {
				if !strings.Contains(part, "`"+name+"`") {
					t.Errorf("docs/tui.md's %q does not name `%s` (%s)", grp.Where, name, b.Help().Desc)
				}
			}
		}
	}
}

// docNames is a help key's names as the docs write them: "g↵/home" is
// `g↵` and `home`, "↑↓" is `↑` and `↓`, "←/→" `←` and `→`.
func docNames(help string) []string {
	var out []string
	for _, n := range strings.Split(help, "/") {
		switch {
		case n == "" && help == "/↵":
			return []string{"/↵"}
		case n == "↑↓":
			out = append(out, "↑", "↓")
		case n != "":
			out = append(out, n)
		}
	}
	return out
}
