package search

import "testing"

func TestRefiningScansOnlyWhatMatched(t *testing.T) {
	x := New([]string{"the barn", "a bar", "nothing", "BARNS and barns", "zzz"})
	x.Search("ba")
	if x.scanned != 5 {
		t.Fatalf("a new query scanned %d messages, want 5", x.scanned)
	}
	x.Search("bar")
	if x.scanned != 3 || x.total != 4 {
		t.Fatalf("refined to bar: scanned %d, %d matches; want 3 and 4", x.scanned, x.total)
	}
	x.Search("barn")
	if x.scanned != 3 || x.total != 3 {
		t.Fatalf("refined to barn: scanned %d, %d matches; want 3 and 3", x.scanned, x.total)
	}
	x.Search("bar") // shorter: not a refinement
	if x.scanned != 5 {
		t.Fatalf("a shorter query scanned %d messages, want 5", x.scanned)
	}
}
