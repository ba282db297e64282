package transcript

import (
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// TestNoticeWords words the facts the reducer reports.
func TestNoticeWords(t *testing.T) {
	cases := []struct {
		e    client.Entry
		want string
	}{
		{client.Entry{Event: client.EvSessionForked, Subject: "s2", Text: "e4"}, "forked as s2"},
		{client.Entry{Event: client.EvBodyExited, Subject: "code 1"}, "body exited (code 1)"},
		{client.Entry{Event: client.EvBodyExited}, "body exited"},
		{client.Entry{Event: client.EvExtensionError}, "extension error: an extension failed without a message"},
		{client.Entry{Event: client.EvBodyNotice, Text: "hello"}, "hello"},
		{client.Entry{Notice: "run aborted: aborted"}, "run aborted"},
		{client.Entry{Event: "something.new"}, "event something.new"},
		{client.Entry{Event: client.EvBodyMaterialized, Subject: "rpc · bwrap"}, "body started (rpc · bwrap)"},
		{client.Entry{Event: client.EvCommandFailed, Subject: "k1", Text: "no delegation"}, "✗ the turn failed"},
	}
	for _, c := range cases {
		if got := noticeWords(&c.e); got != c.want {
			t.Errorf("noticeWords(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}
