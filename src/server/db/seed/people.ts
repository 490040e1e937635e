import { fakerPT_BR as faker } from '@faker-js/faker';
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { fold } from '../../../shared/text';
import type { Db } from '../client';
import { beneficiarios, prestadores } from '../schema';

const digits = (s: string) => s.replace(/\D/g, '');

/**
 * Deterministic providers and the demo beneficiaries (seeded faker, valid check digits).
 * The people issue extends this to the full registry.
 */
export async function seedPeople(db: Db, size: 'test' | 'demo' | 'bench') {
  faker.seed(2026);
  const n = size === 'test' ? 300 : 2_000;
  const rows: (typeof prestadores.$inferInsert)[] = [
    {
      codigo: '100001',
      nome: 'Clínica Santa Luzia Ltda',
      adicional: 'Clínica Santa Luzia',
      tipoPessoa: 'J',
      cnpj: '11222333000181',
      inicioVigencia: '2015-01-01',
      nomeBusca: fold('Clínica Santa Luzia Ltda'),
    },
  ];
  for (let i = 0; i < n; i++) {
    const juridica = i % 3 === 0;
    const nome = juridica ? `${faker.company.name()} ${faker.helpers.arrayElement(['Clínica', 'Hospital', 'Laboratório', 'Centro Médico'])}` : faker.person.fullName();
    rows.push({
      codigo: String(100002 + i),
      nome,
      adicional: juridica ? faker.company.name() : `CRM-MG ${faker.number.int({ min: 10000, max: 99999 })}`,
      tipoPessoa: juridica ? 'J' : 'F',
      cpf: juridica ? null : digits(generateCpf()),
      cnpj: juridica ? digits(generateCnpj()) : null,
      inicioVigencia: faker.date.between({ from: '2010-01-01', to: '2024-12-31' }).toISOString().slice(0, 10),
      fimVigencia: i % 17 === 0 ? faker.date.between({ from: '2025-01-01', to: '2026-06-30' }).toISOString().slice(0, 10) : null,
      nomeBusca: fold(nome),
    });
  }
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const ins = await db.insert(prestadores).values(rows.slice(i, i + 500)).returning({ id: prestadores.id });
    ids.push(...ins.map((r) => r.id));
  }
  const [titular] = await db
    .insert(beneficiarios)
    .values({ nome: 'Beatriz Almeida Souza', cpf: '52998224725', dataNascimento: '1985-04-12', email: null, telefone: '31987654321', cep: '30130010', cadastroAtualizadoEm: null })
    .returning();
  const [dependente] = await db
    .insert(beneficiarios)
    .values({ nome: 'Davi Almeida Souza', cpf: digits(generateCpf()), dataNascimento: '2012-09-30', email: 'davi@example.com', telefone: '31987650000', cep: '30130010', cadastroAtualizadoEm: new Date() })
    .returning();
  return { titularId: titular.id, dependenteId: dependente.id, prestadorId: ids[0] };
}
