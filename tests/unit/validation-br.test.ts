import { describe, expect, it } from 'vitest';
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { getClientSettings } from '../../src/shared/clients';
import { fieldState } from '../../src/shared/resources/define';
import { applyPhoneMask, displayText } from '../../src/shared/resources/masks';
import { beneficiario, fornecedor, prestador } from '../../src/shared/resources/pessoas';
import { recordSchema } from '../../src/shared/resources/schema';
import { checkDocument, checkTelefone, cpfSchema, formatDocument, rawDocument, telefoneSchema } from '../../src/shared/validation/br';

describe('Brazilian identifiers (one module for the browser and the server)', () => {
  it('accepts valid check digits and explains refusals in pt-BR', () => {
    expect(checkDocument('cpf', '52998224725')).toBeUndefined();
    expect(checkDocument('cpf', '52998224724')).toBe('CPF inválido: os dígitos verificadores não conferem.');
    expect(checkDocument('cpf', '11111111111')).toBe('CPF inválido: os dígitos verificadores não conferem.');
    expect(checkDocument('cpf', '5299822472')).toBe('CPF inválido. Use o formato 000.000.000-00.');
    expect(checkDocument('cnpj', '11222333000181')).toBeUndefined();
    expect(checkDocument('cnpj', '11222333000182')).toBe('CNPJ inválido: os dígitos verificadores não conferem.');
    expect(checkDocument('pis', '12056874107')).toBeUndefined();
    expect(checkDocument('pis', '12056874108')).toBe('PIS/PASEP inválido: os dígitos verificadores não conferem.');
    expect(checkDocument('cns', '123456789010000')).toBeUndefined();
    expect(checkDocument('cns', '123456789010001')).toBe('CNS inválido: os dígitos verificadores não conferem.');
    expect(checkDocument('cep', '30130010')).toBeUndefined();
    expect(checkDocument('cep', '00000000')).toBe('CEP inválido.');
    expect(checkDocument('cbo', '225125')).toBeUndefined();
    for (let i = 0; i < 20; i++) {
      expect(checkDocument('cpf', rawDocument('cpf', generateCpf()))).toBeUndefined();
      expect(checkDocument('cnpj', rawDocument('cnpj', generateCnpj()))).toBeUndefined();
    }
  });

  it('takes the alphanumeric CNPJ (RFB, July 2026), typed in any case', () => {
    const raw = rawDocument('cnpj', '12.abc.345/01de-35');
    expect(raw).toBe('12ABC34501DE35');
    expect(checkDocument('cnpj', raw)).toBeUndefined();
    expect(formatDocument('cnpj', raw)).toBe('12.ABC.345/01DE-35');
  });

  it('phones: 11-digit mobile, 10-digit landline, 0800 — masked by length while typing', () => {
    expect(applyPhoneMask('3198765')).toBe('(31) 9876-5');
    expect(applyPhoneMask('3132345678')).toBe('(31) 3234-5678');
    expect(applyPhoneMask('31987654321')).toBe('(31) 98765-4321');
    expect(applyPhoneMask('08001234567')).toBe('0800 123 4567');
    expect(displayText({ format: 'phone' }, '3132345678')).toBe('(31) 3234-5678');
    expect(checkTelefone('31987654321')).toBeUndefined();
    expect(checkTelefone('3132345678')).toBeUndefined();
    expect(checkTelefone('08001234567')).toBeUndefined();
    expect(checkTelefone('3112345')).toMatch(/^Telefone inválido/);
    expect(checkTelefone('00987654321')).toMatch(/^Telefone inválido/);
    expect(telefoneSchema().parse('(31) 98765-4321')).toBe('31987654321');
    expect(cpfSchema.safeParse('529.982.247-24').error?.issues[0].message).toBe('CPF inválido: os dígitos verificadores não conferem.');
  });
});

describe('client field rules and conditional fields in the definitions', () => {
  const copass = getClientSettings('copass').flags;
  const caixa = getClientSettings('caixa').flags;

  it('the client decides whether the beneficiary CPF and the provider documents are required', () => {
    expect(fieldState(beneficiario.fields.cpf, copass).required).toBe(true);
    expect(fieldState(beneficiario.fields.cpf, caixa).required).toBe(false);
    for (const k of ['dataInscricao', 'cep', 'logradouro']) {
      expect(fieldState(prestador.fields[k], copass).required, k).toBe(true);
      expect(fieldState(prestador.fields[k], caixa).required, k).toBe(false);
    }
    expect(fieldState(fornecedor.fields.orgaoEmissor, copass, { tipoPessoa: 'F' }).required).toBe(true);
    // a legal entity has no identity document: hidden and not required
    expect(fieldState(prestador.fields.pis, copass, { tipoPessoa: 'J' })).toMatchObject({ hidden: true, required: false });
    expect(fieldState(prestador.fields.cnpj, copass, { tipoPessoa: 'J' })).toMatchObject({ hidden: false, required: true });
  });

  it('the same definition validates in the browser and on the server, clearing what does not apply', () => {
    const r = recordSchema(prestador, caixa).parse({ codigo: 'x1', tipoPessoa: 'J', nome: 'Clínica', cnpj: '11.222.333/0001-81', cpf: '529.982.247-25', inicioVigencia: '01/01/2024' });
    expect(r).toMatchObject({ codigo: 'X1', cnpj: '11222333000181', cpf: null, statusPagamento: 'LIB' });
    const pf = recordSchema(prestador, caixa).parse({ codigo: 'x2', tipoPessoa: 'F', nome: 'Dra. Ana', cpf: '52998224725', inicioVigencia: '01/01/2024' });
    expect(pf.statusPagamento).toBe('CONF');
  });
});
