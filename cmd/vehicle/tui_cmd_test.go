package main

import (
	"strings"
	"testing"
)

// TestTUIWithoutGardendNamesTheDemo: a new user who runs plain `vehicle`
// learns how to give an address, and that the demo needs none.
func TestTUIWithoutGardendNamesTheDemo(t *testing.T) {
	t.Setenv("VEHICLE_GARDEND", "")
	_, err := tuiConfig("vehicle", nil, false)
	if err == nil || !strings.Contains(err.Error(), "--gardend") || !strings.Contains(err.Error(), "vehicle demo") {
		t.Fatalf("got %v", err)
	}
}
