package linesink

import (
	"slices"
	"testing"
)

func TestLines(t *testing.T) {
	s := New()
	_, changed := s.Lines()
	_, _ = s.Write([]byte("one\ntw"))
	select {
	case <-changed:
	default:
		t.Fatal("a write did not wake the waiter")
	}
	if got, _ := s.Lines(); !slices.Equal(got, []string{"one"}) {
		t.Fatalf("lines %q after a partial line", got)
	}
	_, _ = s.Write([]byte("o\n\nthree\n"))
	if got, _ := s.Lines(); !slices.Equal(got, []string{"one", "two", "", "three"}) {
		t.Fatalf("lines %q", got)
	}
}
