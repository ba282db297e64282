package picker

import (
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/tui/ui/uitest"
)

// TestColumnsAtNarrowWidths: as the terminal narrows, the kind column
// narrows then goes, then the chimes, then the driver narrows and goes,
// then the status: the title keeps minTitle cells as long as it can.
func TestColumnsAtNarrowWidths(t *testing.T) {
	cases := []struct {
		width int
		want  columns
	}{
		{120, columns{title: 54, kind: 20, status: 8, chimes: 6, driver: 20}},
		{86, columns{title: 20, kind: 20, status: 8, chimes: 6, driver: 20}},
		{80, columns{title: 20, kind: 14, status: 8, chimes: 6, driver: 20}},
		{76, columns{title: 20, kind: 10, status: 8, chimes: 6, driver: 20}},
		{75, columns{title: 30, kind: 0, status: 8, chimes: 6, driver: 20}},
		{57, columns{title: 12, kind: 0, status: 8, chimes: 6, driver: 20}},
		{56, columns{title: 18, kind: 0, status: 8, chimes: 0, driver: 20}},
		{50, columns{title: 12, kind: 0, status: 8, chimes: 0, driver: 20}},
		{45, columns{title: 12, kind: 0, status: 8, chimes: 0, driver: 15}},
		{36, columns{title: 12, kind: 0, status: 8, chimes: 0, driver: 6}},
		{35, columns{title: 18, kind: 0, status: 8, chimes: 0, driver: 0}},
		{29, columns{title: 12, kind: 0, status: 8, chimes: 0, driver: 0}},
		{28, columns{title: 20, kind: 0, status: 0, chimes: 0, driver: 0}},
		{20, columns{title: 12, kind: 0, status: 0, chimes: 0, driver: 0}},
		{8, columns{title: 1, kind: 0, status: 0, chimes: 0, driver: 0}},
	}
	for _, c := range cases {
		if got := pickerColumns(c.width); got != c.want {
			t.Errorf("pickerColumns(%d) = %+v, want %+v", c.width, got, c.want)
		}
	}
}

// TestPickerAtNarrowWidths draws, at each width, only the columns that
// fit, their titles over them, every line within the width, and the
// session's title kept.
func TestPickerAtNarrowWidths(t *testing.T) {
	cases := []struct {
		width     int
		titles    []string
		notTitles []string
		row       string // the row of "Leases and takeovers"
	}{
		{100, []string{"session", "kind", "status", "chimes", "driver", "age"}, nil,
			"Leases and takeovers agent gpt-6-luna idle your other terminal 3h"},
		{75, []string{"session", "status", "chimes", "driver", "age"}, []string{"kind"},
			"Leases and takeovers idle your other terminal 3h"},
		{50, []string{"session", "status", "driver", "age"}, []string{"kind", "chimes"},
			"Leases and … idle your other terminal 3h"},
		{36, []string{"session", "status", "driver", "age"}, []string{"kind", "chimes"},
			"Leases and … idle your … 3h"},
		{30, []string{"session", "status", "age"}, []string{"driver"}, "Leases and t… idle 3h"},
		{24, []string{"session", "age"}, []string{"status"}, "Leases and take… 3h"},
	}
	for _, c := range cases {
		p := listed(t, c.width, 10)
		lines := strings.Split(plain(p), "\n")
		head := strings.Fields(lines[1])
		for _, w := range c.titles {
			if !contains(head, w) {
				t.Errorf("at %d the titles %q lack %q", c.width, lines[1], w)
			}
		}
		for _, w := range c.notTitles {
			if contains(head, w) {
				t.Errorf("at %d the titles %q show %q", c.width, lines[1], w)
			}
		}
		if got := strings.Join(strings.Fields(rowOf(p, "Leases and")), " "); got != c.row {
			t.Errorf("at %d the row is %q, want %q", c.width, got, c.row)
		}
		for _, l := range strings.Split(p.View(), "\n") {
			if w := xansi.StringWidth(l); w > c.width {
				t.Errorf("at %d a line of %d cells: %q", c.width, w, xansi.Strip(l))
			}
		}
	}
	golden(t, "width_50", plain(listed(t, 50, 10)))
}

// contains reports whether words holds w.
func contains(words []string, w string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}

// TestPickerRows: a row says who drives the session from this terminal's
// side, how long ago it changed, its kind, and its title or its preview
// for want of one; a filter that keeps nothing, an empty listing and a
// listing under way are said.
func TestPickerRows(t *testing.T) {
	p := listed(t, 100, 10)
	for title, want := range map[string]string{
		"Plan the trip":   "Plan the trip chat idle this terminal 2m",
		"Bo's notes":      "Bo's notes chat idle user:bo 3d",
		"Expired lease":   "Expired lease chat idle nobody now",
		"preview of s5":   "preview of s5 chat idle nobody 26h",
		"Leases and take": "Leases and takeovers agent gpt-6-luna idle your other terminal 3h",
	} {
		if got := strings.Join(strings.Fields(strings.TrimLeft(rowOf(p, title), "▸● ")), " "); got != want {
			t.Errorf("the row of %q is %q, want %q", title, got, want)
		}
	}
	if !strings.Contains(plain(p), "  type to filter") {
		t.Errorf("no filter hint:\n%s", plain(p))
	}
	for _, r := range "zzz" {
		p.Update(uitest.Press(r))
	}
	if !strings.Contains(flat(p), "filter: zzz▏") || !strings.Contains(flat(p), "No session matches the filter: esc clears it.") {
		t.Errorf("a filter that keeps nothing:\n%s", plain(p))
	}

	empty := NewPicker(uitest.Context(), Host{}, 0)
	empty.SetSize(80, 6)
	empty.Reload("")
	if !strings.Contains(flat(empty), "loading your sessions…") {
		t.Errorf("a listing under way:\n%s", plain(empty))
	}
	empty.Update(ListedMsg{Gen: empty.Asked()})
	if !strings.Contains(flat(empty), "No sessions yet: ctrl+n starts one.") || empty.Loading() {
		t.Errorf("an empty listing:\n%s", plain(empty))
	}
	if n := strings.Count(empty.View(), "\n") + 1; n != 6 {
		t.Errorf("%d lines, not 6", n)
	}
}

// TestAge says how long ago in one short word.
func TestAge(t *testing.T) {
	now := uitest.Now
	for d, want := range map[time.Duration]string{0: "now", 59 * time.Second: "now", 5 * time.Minute: "5m",
		3 * time.Hour: "3h", 47 * time.Hour: "47h", 72 * time.Hour: "3d"} {
		if got := age(now, now.Add(-d)); got != want {
			t.Errorf("age of %v = %q, want %q", d, got, want)
		}
	}
	if got := age(now, time.Time{}); got != "-" {
		t.Errorf("age of no time = %q", got)
	}
}
