package clientid

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/creack/pty"
)

func TestNewAndLabel(t *testing.T) {
	for _, c := range []struct{ host, tty, prefix, label string }{
		{"laptop", "/dev/pts/3", "cli-laptop-pts3-", "laptop, pts/3"},
		{"Ada's MacBook-Pro.local", "/dev/ttys004", "cli-ada-s-macbook-pro-ttys004-", "ada-s-macbook-pro, ttys004"},
		{"build-7.example.com", "", "cli-build-7-notty-", "build-7"},
		{"", "/dev/tty1", "cli-host-tty1-", "host, tty1"},
		{"\x1b[31mevil\x07", "/dev/pts/\x1b]0;x\x07", "cli-31mevil-pts0x-", "31mevil, pts0x"},
		{strings.Repeat("long", 10), "/dev/" + strings.Repeat("p", 40), "cli-longlonglonglonglong-pppppppppppp-", "longlonglonglonglong, pppppppppppp"},
		{"日本", "/dev/pts/12", "cli-host-pts12-", "host, pts/12"},
	} {
		id := New(c.host, c.tty)
		if len(id) > 42 {
			t.Errorf("New(%q, %q) = %q: %d bytes, more than 42", c.host, c.tty, id, len(id))
		}
		if !strings.HasPrefix(id, c.prefix) || !regexp.MustCompile(`^[a-z0-9-]+-[0-9a-f]{4}$`).MatchString(id) {
			t.Errorf("New(%q, %q) = %q, want %s<4 hex>", c.host, c.tty, id, c.prefix)
		}
		if got := Label(id); got != c.label {
			t.Errorf("Label(%q) = %q, want %q", id, got, c.label)
		}
	}
	if a, b := New("h", "t"), New("h", "t"); a == b && New("h", "t") == a {
		t.Errorf("three ids in a row are all %q: the suffix is not random", a)
	}
}

func TestLabelOfOtherIDs(t *testing.T) {
	for _, id := range []string{"cli-0123456789abcdef", "laptop", "phone", "cli-a-b-zzzz", "cli--pts3-1a2b", "", "cli-a-b-1A2B",
		"cli-" + strings.Repeat("a", 30) + "-pts3-1a2b"} {
		if got := Label(id); got != id {
			t.Errorf("Label(%q) = %q, want the id itself", id, got)
		}
	}
}

func TestTTYOfATerminal(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	if got := ttyOf(tty, fmt.Sprintf("/proc/self/fd/%d", tty.Fd())); got != tty.Name() {
		t.Errorf("through the descriptor's link: %q, want %q", got, tty.Name())
	}
	if got := ttyOf(tty, "/nonexistent"); got != tty.Name() {
		t.Errorf("by looking under /dev: %q, want %q", got, tty.Name())
	}
	if id := New("laptop", ttyOf(tty, "")); !strings.HasPrefix(Label(id), "laptop, pts/") {
		t.Errorf("a pty's id %q reads %q", id, Label(id))
	}
	f, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := ttyOf(f, "/proc/self/fd/0"); got != "" {
		t.Errorf("a plain file is terminal %q", got)
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if got := ttyOf(null, fmt.Sprintf("/proc/self/fd/%d", null.Fd())); got != "" {
		t.Errorf("%s is terminal %q", os.DevNull, got)
	}
}

func TestForThisTerminal(t *testing.T) {
	host, err := os.Hostname()
	if err != nil {
		t.Skip(err)
	}
	id := ForThisTerminal()
	if want := hostPart(host); Label(id) != want && !strings.HasPrefix(Label(id), want+", ") {
		t.Errorf("ForThisTerminal() = %q, label %q; want it to name %q", id, Label(id), want)
	}
}
