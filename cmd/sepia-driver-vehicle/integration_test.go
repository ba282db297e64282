package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/cmd/sepia-driver-vehicle/driver"
)

// call sends one request line to srv and decodes the answer.
func call(t *testing.T, srv *driver.Server, line string) (json.RawMessage, *driver.Error) {
	t.Helper()
	var r struct {
		Result json.RawMessage `json:"result"`
		Error  *driver.Error   `json:"error"`
	}
	out := srv.HandleLine(context.Background(), []byte(line))
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return r.Result, r.Error
}

func TestHistoryFollowsTheSession(t *testing.T) {
	for _, v := range vehicletest.Variants() {
		t.Run(v.Name, func(t *testing.T) { historyFollowsTheSession(t, v) })
	}
}

func historyFollowsTheSession(t *testing.T, v vehicletest.Variant) {
	w := newWorld(t, v.Options()...)
	w.populate(t)
	srv := driver.New(driver.Options{Resolver: resolver(w.env("ada-token"))})
	const req = `{"jsonrpc":"2.0","id":1,"method":"session.history","params":{"id":"s1","limit":2}}`
	total := func() int {
		res, rpcErr := call(t, srv, req)
		if rpcErr != nil {
			t.Fatalf("session.history: %v", rpcErr)
		}
		var p driver.HistoryPage
		_ = json.Unmarshal(res, &p)
		return p.Total
	}
	before := total()
	if total() != before {
		t.Fatal("the same session paged twice changed size")
	}
	w.talk(t, w.plan, "One more question")
	if got := total(); got != before+2 {
		t.Errorf("after one more exchange the history has %d messages, want %d", got, before+2)
	}
}

func TestDeleteAfterTheRunSettles(t *testing.T) {
	for _, v := range vehicletest.Variants() {
		t.Run(v.Name, func(t *testing.T) { deleteAfterTheRunSettles(t, v) })
	}
}

func deleteAfterTheRunSettles(t *testing.T, v vehicletest.Variant) {
	w := newWorld(t, v.Options()...)
	w.populate(t)
	srv := driver.New(driver.Options{Resolver: resolver(w.env("ada-token"))})
	const del = `{"jsonrpc":"2.0","id":1,"method":"session.delete","params":{"id":"s4"}}`
	if _, rpcErr := call(t, srv, del); rpcErr == nil || rpcErr.Code != driver.CodeSessionBusy {
		t.Fatalf("delete during a run: want -32002, got %+v", rpcErr)
	}
	settled := count(w.host.Events(w.busy), client.EvRunSettled)
	if !w.host.Proceed(w.busy) {
		t.Fatal("the held run is gone")
	}
	w.waitCount(t, w.busy, client.EvRunSettled, settled+1)
	res, rpcErr := call(t, srv, del)
	if rpcErr != nil {
		t.Fatalf("delete after the run: %+v", rpcErr)
	}
	var d driver.Deletion
	_ = json.Unmarshal(res, &d)
	if !d.Deleted || d.Mirror == nil || !d.Mirror.Trashed {
		t.Errorf("delete: %s", res)
	}
	trashed := w.host.Trashed()
	if len(trashed) != 1 || trashed[0].DocumentID != d.Mirror.DocumentID || trashed[0].Principal == "" {
		t.Errorf("the mirrored document was not put in the Trash as the person: %+v", trashed)
	}
}
