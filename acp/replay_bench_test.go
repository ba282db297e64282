package acp

import (
	"context"
	"fmt"
	"testing"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/sophia-labs/vehicle/client"
)

// BenchmarkLoadReplay loads a session of 500 exchanges (some 1,100
// messages) through the SDK's client side: the agent's inspect, its replay
// as session/update lines, the editor's decoding of them.
func BenchmarkLoadReplay(b *testing.B) {
	r := newRig(b)
	ctx := context.Background()
	c, _ := client.New(r.srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("filler"))
	cr, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		b.Fatal(err)
	}
	id := cr.Session.SessionID
	for i := range 500 {
		text := fmt.Sprintf("question %d", i)
		if i%10 == 0 {
			text += " #tool"
		}
		if _, err := c.Prompt(ctx, id, text); err != nil {
			b.Fatal(err)
		}
		settledRuns(b, r, id, i+1)
	}
	if _, err := r.conn.Initialize(ctx, sdk.InitializeRequest{ProtocolVersion: 1}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := r.conn.LoadSession(ctx, sdk.LoadSessionRequest{SessionId: sdk.SessionId(id), Cwd: "/", McpServers: []sdk.McpServer{}}); err != nil {
			b.Fatal(err)
		}
	}
}
