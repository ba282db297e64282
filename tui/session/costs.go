package session

import (
	"encoding/json"
	"math"

	"github.com/sophia-labs/vehicle/client"
)

// costs is what the open session has cost, for the run's line: what the
// live body said at open, then each reply's cost.
type costs struct {
	Total float64 // the session's cost: the live body's at open, then each reply's
	Known bool    // total counts what the session cost before it was opened
	Seq   int64   // the last event counted, so a replayed one counts once
}

// Base starts the session's total from an opened snapshot: a live body's
// stats carry what the session has cost; a dormant one's do not, and the
// total then counts only what is spent from now on.
func (a *costs) Base(snap *client.Snapshot) {
	a.Total, a.Known = 0, false
	if snap == nil {
		return
	}
	a.Seq = snap.Cursor
	var st struct {
		CostUSD *float64 `json:"costUsd"`
	}
	if len(snap.Stats) > 0 && json.Unmarshal(snap.Stats, &st) == nil && st.CostUSD != nil && validCost(*st.CostUSD) {
		a.Total, a.Known = *st.CostUSD, true
	}
}

// Count adds a completed reply's cost to the session's total.
func (a *costs) Count(ev client.Event) {
	if ev.Type != client.EvMessageCompleted || (ev.Seq > 0 && ev.Seq <= a.Seq) {
		return
	}
	a.Seq = max(a.Seq, ev.Seq)
	var v struct {
		Role  string        `json:"role"`
		Usage *client.Usage `json:"usage"`
	}
	if ev.Decode(&v) != nil || v.Role != client.RoleAssistant || v.Usage == nil || !validCost(v.Usage.CostUSD) {
		return
	}
	a.Total += v.Usage.CostUSD
}

// validCost reports whether a cost from the host can be added up.
func validCost(c float64) bool { return c >= 0 && !math.IsInf(c, 0) && !math.IsNaN(c) }
