package main

import (
	"context"
	"testing"

	"github.com/sophia-labs/vehicle/client"
)

// TestDemoHostHasAPublicGraph lets a visitor reach the demo's public graph
// (refused at create for want of a model key, as a real host does) while
// Ada's graph stays closed to them.
func TestDemoHostHasAPublicGraph(t *testing.T) {
	srv, err := demoHost("127.0.0.1:0", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for graph, want := range map[string]string{demoPublicGraph: client.CodeModelKeyRequired, demoGraph: client.CodeNotFound} {
		c, err := client.New(srv.URL, client.WithGraph(graph), client.WithVisitorID("visitor-demo-test"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Create(context.Background(), client.CreateRequest{})
		if got := client.ErrorCode(err); got != want {
			t.Errorf("a visitor's create on %q: %v, want %s", graph, err, want)
		}
	}
}
