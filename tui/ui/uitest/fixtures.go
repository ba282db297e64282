package uitest

import (
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
)

// Summary is a listed session of graph demo, idle, with the default
// budget, changed at updated, driven per lease (nil: nobody).
func Summary(id, title string, updated time.Time, lease *wire.Lease) wire.Summary {
	s := wire.Summary{SessionID: id, GraphID: "demo", Preview: "preview of " + id, Status: "idle",
		Lease: lease, Budget: wire.Budget{MaxTurns: 12, MaxCostUSD: 0.25}, CreatedAt: updated, UpdatedAt: updated}
	if title != "" {
		s.Title = &title
	}
	return s
}

// Lease is a lease until an hour after Now.
func Lease(principal, clientID string) *wire.Lease {
	return &wire.Lease{Principal: principal, ClientID: clientID, ExpiresAt: Now.Add(time.Hour)}
}

// Snapshot is session s1 ("Leases") with a short conversation, driven per
// lease: a question, a reply calling a tool, and a markdown reply.
func Snapshot(lease *wire.Lease) *wire.Snapshot {
	s := Summary("s1", "Leases", Now, lease)
	return &wire.Snapshot{Session: s, Cursor: 4, Transcript: []wire.TranscriptItem{
		{EntryID: "e1", Role: "user", Text: "What is a lease?", Timestamp: Now},
		{EntryID: "e2", Role: "assistant", Text: "Let me look.", Timestamp: Now.Add(10 * time.Second),
			ToolCalls: []wire.ToolCall{{ID: "t1", Name: "search_documents"}}},
		{EntryID: "e3", Role: "assistant", Text: "## Leases\n\nA lease gives **one driver** at a time.\n\n- claim\n- release\n",
			Timestamp: Now.Add(time.Minute)},
	}}
}

// Sessions is a listing: newest first once sorted, with every kind of
// driver seen from user:ada on cli-me.
func Sessions() []wire.Summary {
	agent := Summary("s2", "Leases and takeovers", Now.Add(-3*time.Hour), Lease("user:ada", "cli-other"))
	agent.Profile, agent.Isolation, agent.Model = wire.ProfileAgent, "bwrap", "openrouter/openai/gpt-6-luna"
	return []wire.Summary{
		Summary("s3", "Plan the trip", Now.Add(-2*time.Minute), Lease("user:ada", "cli-me")),
		agent,
		Summary("s5", "", Now.Add(-26*time.Hour), nil),
		Summary("s1", "Bo's notes", Now.Add(-72*time.Hour), Lease("user:bo", "cli-bo")),
		Summary("s4", "Expired lease", Now.Add(-30*time.Second),
			&wire.Lease{Principal: "user:bo", ClientID: "cli-bo", ExpiresAt: Now.Add(-time.Minute)}),
	}
}
