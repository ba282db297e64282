package search_test

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sophia-labs/vehicle/internal/search"
)

func TestSearch(t *testing.T) {
	texts := []string{
		"The Barn is red.",
		"no match here",
		"barn, BARN, bArN",
		"İSTANBUL and istanbul",
		"ſtop the \u212aettle",
	}
	for _, c := range []struct {
		query string
		want  []search.Match
	}{
		{"barn", []search.Match{{0, 4, 8}, {2, 0, 4}, {2, 6, 10}, {2, 12, 16}}},
		{"BARN IS", []search.Match{{0, 4, 11}}},
		{"istanbul", []search.Match{{3, 0, 9}, {3, 14, 22}}},
		{"stop", []search.Match{{4, 0, 5}}},
		{"kettle", []search.Match{{4, 10, 18}}},
		{"aa", nil},
		{"", nil},
	} {
		t.Run(c.query, func(t *testing.T) {
			x := search.New(texts)
			n := x.Search(c.query)
			got := x.All()
			if n != len(got) {
				t.Fatalf("Search(%q) counts %d, All has %d", c.query, n, len(got))
			}
			if len(got) == 0 && len(c.want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("Search(%q) = %v, want %v", c.query, got, c.want)
			}
			for _, m := range got {
				if s := texts[m.Message][m.Start:m.End]; !strings.EqualFold(s, c.query) && c.query != "istanbul" {
					t.Errorf("match %v is %q", m, s)
				}
			}
		})
	}
}

func TestNavigation(t *testing.T) {
	x := search.New([]string{"a cow", "no", "cow cow", "cows"})
	if x.Status() != "" {
		t.Fatalf("status with no query: %q", x.Status())
	}
	x.Search("cow")
	if x.Status() != "1 of 4" {
		t.Fatalf("status %q", x.Status())
	}
	want := []search.Match{{2, 0, 3}, {2, 4, 7}, {3, 0, 3}, {0, 2, 5}}
	for i, w := range want {
		if m, ok := x.Next(); !ok || m != w {
			t.Fatalf("Next #%d = %v, want %v", i+1, m, w)
		}
	}
	if m, _ := x.Prev(); m != (search.Match{Message: 3, Start: 0, End: 3}) || x.Status() != "4 of 4" {
		t.Fatalf("Prev wraps to %v, %s", m, x.Status())
	}
	x.Next()
	x.Next() // at {2 0 3}, 2 of 4
	x.Search("cows")
	if m, _ := x.Current(); m != (search.Match{Message: 3, Start: 0, End: 4}) || x.Status() != "1 of 1" {
		t.Fatalf("refining kept %v, %s", m, x.Status())
	}
	x.Search("cowz")
	if _, ok := x.Current(); ok || x.Status() != "no matches" {
		t.Fatalf("no match: %s", x.Status())
	}
	if _, ok := x.Next(); ok {
		t.Fatal("Next with no matches moved")
	}
	x.Search("cow")
	if m, _ := x.From(1); m.Message != 2 {
		t.Fatalf("From(1) = %v", m)
	}
	if m, _ := x.From(9); m.Message != 0 {
		t.Fatalf("From past the end wraps to %v", m)
	}
	if got := x.In(2); len(got) != 2 || got[1] != (search.Match{Message: 2, Start: 4, End: 7}) {
		t.Fatalf("In(2) = %v", got)
	}
}

func TestGrowingTranscript(t *testing.T) {
	x := search.New([]string{"first cow"})
	x.Search("cow")
	x.Append("second")
	x.Append("a cow again")
	if i, n := x.Position(); i != 1 || n != 2 {
		t.Fatalf("after appends %d of %d", i, n)
	}
	x.Set(1, "second cow, streamed on: cow")
	if got := x.All(); len(got) != 4 || got[1] != (search.Match{Message: 1, Start: 7, End: 10}) || got[3].Message != 2 {
		t.Fatalf("after Set: %v", got)
	}
	x.Set(1, "gone")
	x.Set(7, "out of range")
	if n := len(x.All()); n != 2 || x.Len() != 3 {
		t.Fatalf("after Set to nothing: %d matches, %d messages", n, x.Len())
	}
}

// FuzzSearch checks a refined search against a fresh one, and that every
// match covers text that folds to the query. İ and ı are the two runes the
// search's fold (lower of upper) joins to i where strings.EqualFold does not.
func FuzzSearch(f *testing.F) {
	f.Add("The Barn\x00barn BARN\x00İSTANBUL", "ba", "rn")
	f.Add("ſſ\x00\xff\xfe\x00\u212a", "s", "\u017f")
	f.Add("aaaa\x00aa", "a", "a")
	f.Fuzz(func(t *testing.T, joined, q1, q2 string) {
		texts := strings.Split(joined, "\x00")
		x := search.New(texts)
		x.Search(q1)
		n := x.Search(q1 + q2)
		got := x.All()
		fresh := search.New(texts)
		fresh.Search(q1 + q2)
		want := fresh.All()
		if !reflect.DeepEqual(got, want) || n != len(got) {
			t.Fatalf("refined %d %v, fresh %v", n, got, want)
		}
		if n == 0 || n > 200 {
			return
		}
		i0, _ := x.Position()
		for step := range n {
			m, _ := x.Next()
			if i, _ := x.Position(); i != (i0+step)%n+1 || m != got[i-1] {
				t.Fatalf("step %d from %d of %d: at %d, %v", step+1, i0, n, i, m)
			}
		}
		for range n {
			x.Prev()
		}
		if i, _ := x.Position(); i != i0 {
			t.Fatalf("a full circle back from %d ends at %d", i0, i)
		}
		for _, m := range got {
			if m.Start < 0 || m.Start > m.End || m.End > len(texts[m.Message]) {
				t.Fatalf("match %v out of %q", m, texts[m.Message])
			}
			s := texts[m.Message][m.Start:m.End]
			if utf8.ValidString(s) && utf8.ValidString(q1+q2) && !strings.EqualFold(s, q1+q2) && !strings.ContainsAny(s+q1+q2, "İı") {
				t.Fatalf("match %v is %q, query %q", m, s, q1+q2)
			}
		}
	})
}
