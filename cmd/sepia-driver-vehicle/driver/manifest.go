package driver

import (
	"encoding/json"

	"github.com/sophia-labs/vehicle/internal/config"
)

// Protocol is the driver-wire version the driver speaks.
const Protocol = 1

// Capabilities the driver claims: reads and writes of the session store.
// Every method of both answers: session.checkpoints (an empty list: a
// vehicle session has no workspace snapshots to hand out) and session.save
// (the title of a session of this store; an install of another is refused,
// no import path) included.
const (
	CapabilitySessionStore = "sessionStore"
	CapabilitySessionWrite = "sessionWrite"
)

// AgentCommand is the agent CLI the host resolves on PATH: an Agent Client
// Protocol agent on stdin and stdout (the wire's own example names `cline
// --acp`), each session it opens a vehicle session, configured from the same
// environment as the driver (VEHICLE_GARDEND, VEHICLE_GRAPH, the
// credentials). `vehicle` alone opens the terminal UI's picker, which is no
// agent process.
const AgentCommand = "vehicle acp"

// Manifest is what driver.manifest answers, and what vehicle.driver.toml
// holds.
type Manifest struct {
	ID           string          `json:"id"`
	Version      string          `json:"version"`
	Protocol     int             `json:"protocol"`
	Capabilities []string        `json:"capabilities"`
	AgentCommand string          `json:"agentCommand"`
	ConfigSchema json.RawMessage `json:"configSchema"`
}

// DefaultManifest is the driver's manifest for a build of the given version
// ("" for config.DevVersion, a build from source).
func DefaultManifest(version string) Manifest {
	if version == "" {
		version = config.DevVersion
	}
	return Manifest{
		ID:           AgentID,
		Version:      version,
		Protocol:     Protocol,
		Capabilities: []string{CapabilitySessionStore, CapabilitySessionWrite},
		AgentCommand: AgentCommand,
		ConfigSchema: compact(json.RawMessage(configSchema)),
	}
}

// configSchema is the JSON Schema of the driver's configuration: the
// environment it resolves, with the names vehicle ride uses.
const configSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "sepia-driver-vehicle configuration",
  "description": "The environment of the driver process. Credentials are tried in order: VEHICLE_KEY_FILE, VEHICLE_TOKEN, the OS keyring entry for the gardend (vehicle login), then a visitor id (for a gardend that is not on this computer).",
  "type": "object",
  "properties": {
    "VEHICLE_GARDEND": {
      "description": "gardend's address: scheme, host and an optional path prefix, e.g. https://sophia.example.com.",
      "type": "string",
      "format": "uri",
      "pattern": "^https?://[^/]+"
    },
    "VEHICLE_GRAPH": {
      "description": "The graph whose sessions the driver serves.",
      "type": "string",
      "minLength": 1
    },
    "VEHICLE_MOUNT": {
      "description": "The service's mount under gardend; set but empty serves at gardend's root.",
      "type": "string",
      "default": "/services/vehicle",
      "pattern": "^(/.*)?$"
    },
    "VEHICLE_TOKEN": {
      "description": "A bearer token: a gardend client token, the master key, or a Sophia account's ID token.",
      "type": "string",
      "writeOnly": true
    },
    "VEHICLE_KEY_FILE": {
      "description": "A file holding the token, mode 0600 or stricter.",
      "type": "string"
    },
    "VEHICLE_VISITOR_ID": {
      "description": "Ride as the anonymous visitor with this id, whatever token is at hand; a visitor otherwise uses the id kept in $XDG_STATE_HOME/vehicle/visitor-id.",
      "type": "string"
    },
    "VEHICLE_MODEL_KEY": {
      "description": "The person's own model key, sent as X-Model-Key.",
      "type": "string",
      "writeOnly": true
    },
    "XDG_STATE_HOME": {
      "description": "Where the visitor id is kept (default ~/.local/state).",
      "type": "string"
    }
  },
  "required": ["VEHICLE_GARDEND", "VEHICLE_GRAPH"],
  "additionalProperties": {"type": "string"}
}`
