package reader

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// TestReplyStartNotKept (issue 27, item 11): a streamed reply whose start
// was not kept (client.StreamKeep) says so when it is read out.
func TestReplyStartNotKept(t *testing.T) {
	t.Parallel()
	c, err := client.New("http://127.0.0.1:9")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	r := &reader{cfg: Config{Out: &out}, c: c}
	r.printEntry(&client.Entry{Kind: client.EntryMessage, Role: client.RoleAssistant, Text: "the end of it", Cut: 1_234_567})
	r.printEntry(&client.Entry{Kind: client.EntryMessage, Role: client.RoleAssistant, Text: "whole"})
	want := "assistant, its first 1.2 MiB not kept: the end of it\nassistant: whole\n"
	if out.String() != want {
		t.Errorf("read out %q, want %q", out.String(), want)
	}
}
