//go:build unix

package main

import (
	"context"
	"time"

	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// endMark is the reply's last words: on the screen, the reply is whole.
const endMark = "That is the whole reply, all of it streamed."

// startHost starts a reference host on loopback whose model answers every
// prompt with the reply document in pieces, deltaDelay apart, and whose SSE
// streams send a keepalive every keepalive, and whose leases last ttl
// (0: the host's default).
func startHost(keepalive, deltaDelay time.Duration, pieces int, ttl time.Duration) (*vehicletest.Server, error) {
	return vehicletest.Listen("127.0.0.1:0", vehicletest.WithDeterministicIDs(),
		vehicletest.WithModel(replyModel{deltas: vehicletest.Split(replyDoc(), pieces)}),
		vehicletest.WithLimits(vehicletest.Limits{Keepalive: keepalive, DeltaDelay: deltaDelay, LeaseTTL: ttl}))
}

// replyModel answers every turn with the same deltas.
type replyModel struct{ deltas []string }

// Turn answers with the reply document.
func (m replyModel) Turn(context.Context, vehicletest.TurnRequest) vehicletest.Reply {
	return vehicletest.Reply{Deltas: m.deltas}
}

// replyDoc is the 20 KB reply every session is answered with, ending with
// endMark.
func replyDoc() string { return vehicletest.LongReply(endMark) }
