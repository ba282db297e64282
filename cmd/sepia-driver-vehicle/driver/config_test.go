package driver

import (
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/config"
)

// TestConfigErrorHidesThePassword: a gardend address refused names the
// variable and the address, never the password in it.
func TestConfigErrorHidesThePassword(t *testing.T) {
	env := config.MapEnv(map[string]string{config.EnvGardend: "ftp://ada:hunter2@sophia.example.com", config.EnvGraph: "notes"})
	_, err := flagsFromEnv(env)
	if err == nil {
		t.Fatal("an ftp address was taken")
	}
	if msg := err.Error(); strings.Contains(msg, "hunter2") || !strings.Contains(msg, "sophia.example.com") || !strings.Contains(msg, config.EnvGardend) {
		t.Errorf("the error: %s", msg)
	}
}
