# Loaded before 18xx.games' scripts (`ruby -r THIS trace.rb ...`, see
# tests/test_refengine_cross_check.py): makes their engine read hashes as it does in the browser.
#
# Their engine runs in the browser under Opal, where a String and a Symbol are the same object,
# so a hash written with `revenue:` answers `hash['revenue']`. Under MRI (here) it answers nil,
# and 18GB's choice among sets of routes that earn the compass (network) bonus adds nil to an
# Integer and stops the replay. This shim changes none of their code: it wraps the bonuses their
# method returns in hashes whose String keys fall back on the Symbol keys, as Opal reads them.

$LOAD_PATH.unshift(File.dirname(File.expand_path($PROGRAM_NAME)))
$LOAD_PATH.unshift(ENV.fetch('T18_LIB'))
require 'engine'

module OpalKeys
  FALLBACK = proc { |hash, key| key.is_a?(String) && hash.key?(key.to_sym) ? hash[key.to_sym] : nil }

  # A copy of `hash` whose missing String keys read the Symbol key of the same name.
  def self.read_as_opal(hash)
    hash.dup.tap { |copy| copy.default_proc = FALLBACK }
  end

  # The bonuses of one set of routes, each readable by `'revenue'` as well as `:revenue`.
  module CompassBonuses
    def compass_bonuses_for_route_set(route_set)
      super.map { |bonus| bonus.is_a?(Hash) ? OpalKeys.read_as_opal(bonus) : bonus }
    end
  end
end

Engine::Game::G18GB::Game.prepend(OpalKeys::CompassBonuses) if defined?(Engine::Game::G18GB::Game)
