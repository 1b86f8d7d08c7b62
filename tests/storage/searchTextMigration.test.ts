/**
 * Upgrading the search of the release before (schema version 10, whose index folded accents in
 * SQLite): the leads it stored are found as before, in any case and without their accents, by a
 * text of three characters or more (the index) and by a shorter one (row by row); a lead it
 * deleted stays gone; leads stored after the upgrade are found the same way.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { newLeadRow } from '../support/newLeadRow';
import { createTestSite } from '../support/site';
import { tempDir } from '../support/tempDirs';
import { writeVersionTenFile } from '../support/versionTenFile';

describe('upgrading the search index of the release before', () => {
  it('finds the leads stored before and after as it did, in any case and without accents', async () => {
    const path = join(tempDir('search-upgrade-'), 'leads.db');
    writeVersionTenFile(
      path,
      [
        { name: 'José Núñez', company: 'Café Ltd', email: 'jose@cafe.example' },
        { name: 'Jörg Müller', company: 'Müller GmbH', email: 'Joerg@Mueller.example' },
        { name: 'Erin Gone', company: 'Gone Ltd', email: 'erin@gone.example' },
        { name: 'Li Xy', company: 'Xy', email: 'li@xy.example' },
      ],
      [3],
    );
    const site = createTestSite({ DATABASE_PATH: path });
    try {
      const { leads } = site.services;
      const names = (search: string) => leads.inbox({ search, limit: 10 }).map((lead) => lead.name);
      assert.deepEqual(names('jose'), ['José Núñez']);
      assert.deepEqual(names('MULLER'), ['Jörg Müller']);
      assert.deepEqual(names('cafe ltd'), ['José Núñez'], 'by company');
      assert.deepEqual(names('JOERG@mueller'), ['Jörg Müller'], 'by address, any case');
      assert.deepEqual(names('nú'), ['José Núñez'], 'two characters, without the accent');
      assert.deepEqual(names('xy'), ['Li Xy']);
      assert.deepEqual(names('gone'), [], 'deleted before the upgrade');
      leads.insert(newLeadRow({ name: 'Ängel Öz', company: 'Straße AG', email: 'angel@strasse.example' }));
      assert.deepEqual(names('ANGEL OZ'), ['Ängel Öz'], 'a lead stored after the upgrade');
      assert.deepEqual(names('Ü'), ['Jörg Müller', 'José Núñez'], 'one character, newest first');
    } finally {
      await site.close();
    }
  });
});
